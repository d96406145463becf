import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { askToLogIn, useAuth } from '../../auth';

// The dialog's code loads the first time someone opens it.
const UploadPostDialog = lazy(() => import('../components/upload-post-dialog'));

interface UploadPlateContextValue {
  /** Opens "Upload Your Plate", or tells a guest to log in. */
  openUpload: () => void;
}

const UploadPlateContext = createContext<UploadPlateContextValue | null>(null);

/** Hosts the one upload dialog; the left nav, the bottom bar and the floating button open it. */
export function UploadPlateProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // A tap while the session is still loading waits for it instead of calling a member a guest.
  const [waiting, setWaiting] = useState(false);

  const openUpload = useCallback(() => {
    if (isLoading) {
      setWaiting(true);
      return;
    }
    if (!user) {
      askToLogIn('Please log in to upload a plate');
      return;
    }
    setMounted(true);
    setOpen(true);
  }, [user, isLoading]);

  useEffect(() => {
    if (!waiting || isLoading) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- finishing the tap made while loading
    setWaiting(false);
    openUpload();
  }, [waiting, isLoading, openUpload]);

  const value = useMemo(() => ({ openUpload }), [openUpload]);
  return (
    <UploadPlateContext.Provider value={value}>
      {children}
      {mounted && user ? (
        <Suspense fallback={null}>
          <UploadPostDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </UploadPlateContext.Provider>
  );
}

export function useUploadPlate(): UploadPlateContextValue {
  const ctx = useContext(UploadPlateContext);
  if (!ctx) throw new Error('useUploadPlate must be used inside <UploadPlateProvider>');
  return ctx;
}
