import { PostReportReasons, UserReportReasons } from '@plates/common';

/** A report's reason as the reporter picked it ("Spam or misleading"), or the stored word. */
export function reportReasonLabel(targetType: string, reason: string): string {
  const labels: Record<string, string> = targetType === 'post' ? PostReportReasons : UserReportReasons;
  return Object.hasOwn(labels, reason) ? labels[reason]! : reason;
}

/** "manage_reports" as people say it: "Manage reports". */
export function permissionLabel(permission: string): string {
  const words = permission.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
