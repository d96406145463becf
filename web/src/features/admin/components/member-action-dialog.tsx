import { signUpApprovedText, signUpRejectedText, strikeNotice, UserActionBody, type UserAction } from '@plates/common';
import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useMemberAction } from '../hooks/use-members';
import { useTemplates } from '../hooks/use-moderation';
import { ActionDialog, fieldErrorsOf, type ActionValues, type PreviewMessage } from './action-dialog';

type Badge = 'blue' | 'gold' | 'business';

const SPECS: Record<UserAction, { title: (who: string) => string; description: string; submit: string; destructive?: boolean }> = {
  warn: { title: (who) => `Warn ${who}`, description: 'A strike on their record, with your reason. They can appeal it.', submit: 'Send warning' },
  restrict: {
    title: (who) => `Restrict ${who}`,
    description: 'Their new plates, comments and chat requests wait for a moderator’s review. They can appeal it.',
    submit: 'Restrict',
  },
  suspend: {
    title: (who) => `Suspend ${who}`,
    description: 'They are signed out everywhere at once and cannot sign in until the suspension ends.',
    submit: 'Suspend',
    destructive: true,
  },
  unsuspend: { title: (who) => `Lift ${who}’s suspension`, description: 'They can sign in again; they are told, with your reason.', submit: 'Lift suspension' },
  sign_out: {
    title: (who) => `Sign ${who} out everywhere`,
    description: 'Every session ends and open connections close. They can sign in again.',
    submit: 'Sign out everywhere',
    destructive: true,
  },
  verify: { title: (who) => `Verify ${who}`, description: 'Their name shows the badge you choose; they are told.', submit: 'Grant badge' },
  unverify: { title: (who) => `Remove ${who}’s badge`, description: 'Their badge goes; they are told, with your reason.', submit: 'Remove badge', destructive: true },
  approve: {
    title: (who) => `Approve ${who}`,
    description: 'Their account becomes active and shows like anyone’s; they are mailed that they can sign in.',
    submit: 'Approve',
  },
  reject: {
    title: (who) => `Reject ${who}’s sign-up`,
    description: 'Their account is deleted for good, with everything in it; they are mailed your reason.',
    submit: 'Reject and delete',
    destructive: true,
  },
};

/** Actions whose reason only the audit log keeps. */
const REASON_LOGGED_ONLY = new Set<UserAction>(['sign_out', 'approve']);

const STRIKES = new Set<UserAction>(['warn', 'restrict', 'suspend']);

/** The notice a strike or a sign-up decision sends, worded by common's texts (what the server sends). */
function noticePreview(action: UserAction, who: string, values: ActionValues, emailVerified: boolean): PreviewMessage[] {
  const reason = values.reason.trim() || '[your reason]';
  if (action === 'approve') return [{ to: who, text: signUpApprovedText(emailVerified) }];
  if (action === 'reject') return [{ to: who, text: signUpRejectedText(reason) }];
  if (action !== 'warn' && action !== 'restrict' && action !== 'suspend') return [];
  return [{ to: who, text: strikeNotice({ type: action, reason, until: values.until }) }];
}

/** One action on a member's account, with a reason (and days, or a badge, where it needs one). */
export function MemberActionDialog({
  userId,
  username,
  action,
  emailVerified = true,
  onClose,
  onDone,
}: {
  userId: number;
  username: string;
  action: UserAction | null;
  /** Whether the member has verified their email (the approval mail says what is left to do). */
  emailVerified?: boolean;
  onClose: () => void;
  /** After the server took the action (the dialog closes too). */
  onDone?: (action: UserAction) => void;
}) {
  const id = useId();
  const open = action !== null;
  const templates = useTemplates(open).data ?? [];
  const [badge, setBadge] = useState<Badge>('blue');
  const act = useMemberAction(userId, {
    onDone: (body) => {
      onClose();
      onDone?.(body.action);
    },
  });
  const spec = SPECS[action ?? 'warn'];
  const who = `@${username}`;
  const close = () => {
    act.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={spec.title(who)}
      description={spec.description}
      withDays={action === 'restrict' || action === 'suspend'}
      templates={action && STRIKES.has(action) ? templates.filter((t) => t.kind === 'report') : []}
      reasonHint={action && REASON_LOGGED_ONLY.has(action) ? 'Kept in the audit log.' : 'The member reads this reason.'}
      preview={action ? (values) => noticePreview(action, who, values, emailVerified) : undefined}
      submitLabel={spec.submit}
      destructive={spec.destructive}
      pending={act.isPending}
      serverError={act.error?.message ?? null}
      validate={(values) => {
        const parsed = UserActionBody.safeParse({ action, reason: values.reason, days: values.days, ...(action === 'verify' ? { verifiedType: badge } : {}) });
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => {
        if (!action) return;
        act.mutate({
          action,
          reason: values.reason.trim(),
          ...(values.days !== undefined ? { days: values.days } : {}),
          ...(action === 'verify' ? { verifiedType: badge } : {}),
        });
      }}
    >
      {action === 'verify' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-badge`}>Badge</Label>
          <Select id={`${id}-badge`} value={badge} onChange={(e) => setBadge(e.target.value as Badge)}>
            <option value="blue">Blue: a verified person</option>
            <option value="gold">Gold: a notable cook</option>
            <option value="business">Business: a restaurant or shop</option>
          </Select>
        </div>
      ) : null}
    </ActionDialog>
  );
}
