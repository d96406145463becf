import { TIMING } from '@plates/common';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useToast } from './use-toast';

/** Renders the toast store. Mount once, near the root. F8 focuses the viewport (Radix default). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TIMING.toastDurationMs} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} aria-live="polite" {...props}>
          {/* Read out through the viewport's live region, not Radix's separate announcer, so the
              words exist once on the page (Radix's copy would duplicate them for a second). */}
          <div className="grid gap-1" data-radix-toast-announce-exclude="">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport aria-live="polite" aria-relevant="additions text" />
    </ToastProvider>
  );
}
