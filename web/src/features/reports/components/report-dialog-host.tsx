import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_REPORT_DIALOG, type OpenReportDetail } from '../../../lib/app-events';

// The form (and the validation it carries) loads on the first report, not with every page.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** Listens for `openReportDialog` (a post's or a profile's menu) and shows the report form. */
export function ReportDialogHost() {
  const [target, setTarget] = useState<OpenReportDetail | null>(null);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onOpen = (event: Event) => {
      setUsed(true);
      setTarget((event as CustomEvent<OpenReportDetail>).detail);
    };
    window.addEventListener(OPEN_REPORT_DIALOG, onOpen);
    return () => window.removeEventListener(OPEN_REPORT_DIALOG, onOpen);
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog
        target={target}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
      />
    </Suspense>
  );
}
