import { PostReportReasons, UserReportReasons } from '@plates/common';

/** A report's reason as the reporter picked it ("Spam or misleading"), or the stored word. */
export function reportReasonLabel(targetType: string, reason: string): string {
  const labels: Record<string, string> = targetType === 'user' ? UserReportReasons : PostReportReasons;
  return Object.hasOwn(labels, reason) ? labels[reason]! : reason;
}

/** A permission's or a logged action's name as people say it: "manage_reports" is "Manage reports". */
export function humanize(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
