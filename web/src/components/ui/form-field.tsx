import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

interface FormFieldProps {
  label: ReactNode;
  /** The error to show under the control (announced, and linked with aria-describedby). */
  error?: string | undefined;
  hint?: ReactNode;
  /** A button beside the control (the upload's Detect, say); the control keeps the room left. */
  action?: ReactNode;
  className?: string;
  /** One control (an Input, say); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{
    id?: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  }>;
}

/** A label, one control and its hint or error, wired together for assistive technology. */
export function FormField({ label, error, hint, action, className, children }: FormFieldProps) {
  const id = useId();
  const controlId = children.props.id ?? `${id}-control`;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  });
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {action ? (
        <div className="flex items-center gap-2 [&>:first-child]:min-w-0 [&>:first-child]:flex-1">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {hintId ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** An error line; renders nothing without a message. */
export function FieldError({ id, children }: { id?: string | undefined; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** A form-level error (server answers that belong to no field). */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive"
    >
      {children}
    </p>
  );
}
