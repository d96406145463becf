import { REPORT_SUBMITTED, type ReportResponse } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import type { Member } from '../../lib/viewer.js';
import { POST_ACCESS_MESSAGES, type PostAccess } from '../posts/post-access.js';
import type { ReportsRepository } from './reports.repository.js';

export const REPORT_MESSAGES = {
  userNotFound: 'User not found',
  postNotFound: POST_ACCESS_MESSAGES.postNotFound,
  self: 'You cannot report yourself',
  ownPost: 'You cannot report your own plate',
  commentNotFound: 'Comment not found',
  ownComment: 'You cannot report your own comment',
} as const;

export interface NewReport {
  targetId: number;
  targetType: 'post' | 'user' | 'comment';
  reason: string;
  details: string | null;
}

export function createReportsService(deps: { repo: ReportsRepository; access: PostAccess }) {
  const { repo, access } = deps;
  return {
    /**
     * Files a report (reasons already checked against the target type's list by `ReportBody`). One
     * open report per reporter and target: a repeat answers the open one (`created: false`).
     */
    async submit(reporter: Member, body: NewReport): Promise<{ created: boolean; answer: ReportResponse }> {
      if (body.targetType === 'user') {
        if (body.targetId === reporter.id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.self, 'targetId');
        if (!(await repo.userExists(body.targetId))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.userNotFound, 'targetId');
      } else if (body.targetType === 'comment') {
        const comment = await repo.findComment(body.targetId);
        if (!comment) throw new AppError('NOT_FOUND', REPORT_MESSAGES.commentNotFound, 'targetId');
        // A comment on a plate the reporter may not open does not exist for them.
        await access.require('open', comment.postId, reporter, { field: 'targetId', notFound: REPORT_MESSAGES.commentNotFound });
        if (comment.userId === reporter.id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.ownComment, 'targetId');
      } else {
        const post = await access.require('open', body.targetId, reporter, { field: 'targetId' });
        if (post.userId === reporter.id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.ownPost, 'targetId');
      }
      return repo.transaction(async (tx) => {
        await repo.lockReporterTarget(tx, reporter.id, body.targetType, body.targetId);
        const open = await repo.findOpenReport(tx, reporter.id, body.targetType, body.targetId);
        if (open) return { created: false, answer: { id: open.id, message: REPORT_SUBMITTED } };
        const id = await repo.insertReport(tx, { userId: reporter.id, ...body });
        return { created: true, answer: { id, message: REPORT_SUBMITTED } };
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
