import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const ToastProvider = ToastPrimitive.Provider;


export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // Top on phones, bottom right from sm up (document 1 §2). On phones a toast never covers the
        // header (it starts below its 4rem), and while a dialog is open it rises from the bottom,
        // above the dialog's sticky buttons (about 5rem with its margin), so the dialog's title stays
        // in view. A full-screen surface with controls at its bottom (the chat composer) is marked
        // `data-toasts-top`: there toasts stay at the top on phones and sit top right below the header
        // from sm up, so one never covers its Send button.
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]',
        'max-sm:pt-[calc(4.5rem+env(safe-area-inset-top))] sm:pt-[max(1rem,env(safe-area-inset-top))]',
        'sm:[body:has([data-toasts-top])_&]:bottom-auto sm:[body:has([data-toasts-top])_&]:top-14',
        // (Tailwind reads class names from the source: each is written out whole.)
        'max-sm:[body:has([role=dialog][data-state=open]:not([data-toasts-top]))_&]:top-auto max-sm:[body:has([role=dialog][data-state=open]:not([data-toasts-top]))_&]:bottom-0 max-sm:[body:has([role=dialog][data-state=open]:not([data-toasts-top]))_&]:flex-col max-sm:[body:has([role=dialog][data-state=open]:not([data-toasts-top]))_&]:pt-4 max-sm:[body:has([role=dialog][data-state=open]:not([data-toasts-top]))_&]:pb-[calc(5.5rem+env(safe-area-inset-bottom))]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        success: 'border-success/40 bg-popover text-popover-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium transition-colors hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/10',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute right-1.5 top-1.5 inline-flex size-9 items-center justify-center rounded-md text-foreground/60 transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring group-[.destructive]:text-destructive-foreground/80 group-[.destructive]:hover:text-destructive-foreground',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}
