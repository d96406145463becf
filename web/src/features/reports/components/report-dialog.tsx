import { PostReportReasons, UserReportReasons, type ReportBody } from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, type ApiError } from '../../../lib/api';
import type { OpenReportDetail } from '../../../lib/app-events';

export function submitReport(body: ReportBody): Promise<{ id: number; message: string }> {
  return apiRequest('POST', '/api/reports', body);
}

interface ReportDialogProps {
  target: OpenReportDetail | null;
  onOpenChange: (open: boolean) => void;
}

const WHAT = { post: 'plate', user: 'profile', comment: 'comment' } as const;
const TITLES = { post: 'Report Plate', user: 'Report Profile', comment: 'Report Comment' } as const;

/** Report a plate, a person or a comment: a reason (required) and optional details. */
export function ReportDialog({ target, onOpenChange }: ReportDialogProps) {
  const open = target !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {target ? <ReportForm key={`${target.targetType}:${target.targetId}`} target={target} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: OpenReportDetail; onDone: () => void }) {
  const reasons = target.targetType === 'user' ? UserReportReasons : PostReportReasons;
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = useMutation<unknown, ApiError, ReportBody>({
    mutationFn: submitReport,
    onSuccess: () => {
      toast({ variant: 'success', title: 'Report Submitted', description: 'Thank you for your report. Our team will review it.' });
      onDone();
    },
    onError: () =>
      toast({ variant: 'destructive', title: 'Error', description: 'There was a problem submitting your report. Please try again.', endsWithDialog: true }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Please select a reason for the report');
      return;
    }
    const trimmed = details.trim();
    send.mutate({ targetId: target.targetId, targetType: target.targetType, reason, details: trimmed ? trimmed : null });
  };

  const what = WHAT[target.targetType];
  return (
    <>
      <DialogHeader>
        <DialogTitle>{TITLES[target.targetType]}</DialogTitle>
        <DialogDescription>
          {target.targetLabel ? `Tell us what is wrong with “${target.targetLabel}”.` : `Tell us what is wrong with this ${what}.`} Reports are private.
        </DialogDescription>
        {/* a new tab: the report being written stays open here */}
        <Link to="/guidelines" target="_blank" rel="noopener" className="w-fit text-sm font-medium text-primary underline underline-offset-2">
          Read the community guidelines
        </Link>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Report this ${what}`}>
        <fieldset className="grid gap-1" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Reason</legend>
          {Object.entries(reasons).map(([value, label]) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-accent">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
                className="size-4 accent-[var(--primary)]"
              />
              <span className="text-sm">{label}</span>
            </label>
          ))}
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-details`}>Details (optional)</Label>
          <Textarea id={`${id}-details`} rows={3} maxLength={1000} value={details} onChange={(e) => setDetails(e.target.value)} placeholder="Anything that helps our team understand" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={send.isPending}>
            {send.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
