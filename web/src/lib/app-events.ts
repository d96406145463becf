/**
 * Window events that let one part of the app open another's dialog without importing it
 * (features stay independent). `openSwipeModal` is the specification's name (document 2 §2).
 */
export const OPEN_SWIPE_MODAL = 'openSwipeModal';
export const OPEN_REPORT_DIALOG = 'openReportDialog';

export interface OpenSwipeModalDetail {
  postId: number;
}

export interface OpenReportDetail {
  targetType: 'post' | 'user' | 'comment';
  targetId: number;
  /** Shown in the dialog: the plate's title, the person's name or the comment's first words. */
  targetLabel?: string;
}

export function openSwipeModal(postId: number) {
  window.dispatchEvent(new CustomEvent<OpenSwipeModalDetail>(OPEN_SWIPE_MODAL, { detail: { postId } }));
}

export function openReportDialog(detail: OpenReportDetail) {
  window.dispatchEvent(new CustomEvent<OpenReportDetail>(OPEN_REPORT_DIALOG, { detail }));
}
