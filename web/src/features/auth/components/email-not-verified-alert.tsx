import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useRequestVerification } from '../hooks/use-email-actions';
import { EmailRequestForm } from './email-request-form';

/**
 * Shown when a login answers EMAIL_NOT_VERIFIED. The login form has a username, not an email, so
 * the resend asks for the address inline.
 */
export function EmailNotVerifiedAlert({ message }: { message: string }) {
  const [asking, setAsking] = useState(false);
  const resend = useRequestVerification({ failureTitle: 'Failed to send email' });
  return (
    <Alert variant="warning">
      <MailWarning aria-hidden="true" />
      <AlertTitle>Email Verification Required</AlertTitle>
      <AlertDescription>
        <p className="text-foreground/85">{message}</p>
        {resend.isSuccess ? (
          <p className="font-medium text-foreground">Please check your email for the verification link.</p>
        ) : asking ? (
          <EmailRequestForm
            label="Your account's email address"
            submitLabel="Send verification email"
            pending={resend.isPending}
            onSubmit={(body) => resend.mutate(body)}
            onCancel={() => setAsking(false)}
            autoFocus
          />
        ) : (
          <div>
            <Button variant="outline" size="sm" className="h-10" onClick={() => setAsking(true)}>
              Resend Verification Email
            </Button>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
