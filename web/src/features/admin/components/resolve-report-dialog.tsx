import {
  commentExcerpt,
  reportOutcomeText,
  ResolveReportBody,
  strikeNotice,
  type ReportAction,
  type ReportGroupDto,
} from '@plates/common';
import { useResolveReport, useTemplates } from '../hooks/use-moderation';
import { ActionDialog, fieldErrorsOf, type ActionValues, type PreviewMessage } from './action-dialog';

const ACTIONS: Record<ReportAction, { title: (owner: string) => string; submit: string; destructive?: boolean; description: string }> = {
  dismiss: {
    title: () => 'Dismiss the reports',
    submit: 'Dismiss',
    description: 'Nothing happens to the member; every reporter is told their report was reviewed.',
  },
  warn: {
    title: (owner) => `Warn ${owner}`,
    submit: 'Send warning',
    description: 'A strike on their record, with your reason. They can appeal it.',
  },
  remove_content: {
    title: () => 'Remove the content',
    submit: 'Remove',
    destructive: true,
    description: 'It disappears for everyone and its author gets a strike. An approved appeal brings it back.',
  },
  restrict: {
    title: (owner) => `Restrict ${owner}`,
    submit: 'Restrict',
    description: 'Their new plates, comments and chat requests wait for a moderator’s review.',
  },
  suspend: {
    title: (owner) => `Suspend ${owner}`,
    submit: 'Suspend',
    destructive: true,
    description: 'They are signed out everywhere and cannot sign in until the suspension ends.',
  },
};

/** The words the preview shows while the moderator has written no reason yet. */
const REASON_PLACEHOLDER = '[your reason]';

/**
 * What each person will receive when `action` closes `group`: the owner's notice (the very text
 * the server sends, from common's strikeNotice) and the reporters' message.
 */
export function resolvePreview(group: ReportGroupDto, action: ReportAction, values: ActionValues): PreviewMessage[] {
  const reporters = { to: 'Each reporter', text: reportOutcomeText({ action, label: group.target.label }) };
  if (action === 'dismiss') return [reporters];
  const owner = group.target.owner;
  const notice = strikeNotice({
    type: action,
    reason: values.reason.trim() || REASON_PLACEHOLDER,
    until: values.until,
    label: group.target.type === 'comment' ? commentExcerpt(group.target.comment?.text) : (group.target.post?.title ?? null),
    targetType: group.target.type,
  });
  return [{ to: owner ? `@${owner.username}` : 'The member', text: notice }, reporters];
}

/** Resolve a queue item with one action; the item leaves the queue when the server agrees. */
export function ResolveReportDialog({
  group,
  action,
  onClose,
}: {
  group: ReportGroupDto;
  action: ReportAction | null;
  onClose: () => void;
}) {
  const open = action !== null;
  const templates = useTemplates(open).data ?? [];
  const resolve = useResolveReport({ onResolved: onClose });
  const spec = action ? ACTIONS[action] : ACTIONS.dismiss;
  const owner = group.target.owner ? `@${group.target.owner.username}` : 'the member';
  const close = () => {
    resolve.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={spec.title(owner)}
      description={spec.description}
      withDays={action === 'restrict' || action === 'suspend'}
      templates={templates.filter((t) => t.kind === 'report')}
      reasonHint={action === 'dismiss' ? 'Kept with the reports and in the audit log.' : 'The member reads this reason.'}
      preview={action ? (values) => resolvePreview(group, action, values) : undefined}
      submitLabel={spec.submit}
      destructive={spec.destructive}
      pending={resolve.isPending}
      serverError={resolve.error?.message ?? null}
      validate={(values) => {
        const parsed = ResolveReportBody.safeParse({ action, reason: values.reason, days: values.days });
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => {
        if (!action) return;
        resolve.mutate({
          reportId: group.id,
          body: { action, reason: values.reason.trim(), ...(values.days !== undefined ? { days: values.days } : {}) },
        });
      }}
    />
  );
}
