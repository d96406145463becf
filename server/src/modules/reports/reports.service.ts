import { REPORT_SUBMITTED, type ReportResponse } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import { assertCanView, assertVisible, type CanView } from '../ratings/ratings.service.js';
import type { ReportsRepository } from './reports.repository.js';

export const REPORT_MESSAGES = {
  userNotFound: 'User not found',
  postNotFound: 'Post not found',
  self: 'You cannot report yourself',
  ownPost: 'You cannot report your own plate',
} as const;

export interface NewReport {
  targetId: number;
  targetType: 'post' | 'user';
  reason: string;
  details: string | null;
}

export function createReportsService(deps: { repo: ReportsRepository; canView?: CanView }) {
  const { repo } = deps;
  return {
    /**
     * Files a report (reasons already checked against the target type's list by `ReportBody`). One
     * open report per reporter and target: a repeat answers the open one (`created: false`).
     */
    async submit(reporter: { id: number; isAdmin: boolean }, body: NewReport): Promise<{ created: boolean; answer: ReportResponse }> {
      if (body.targetType === 'user') {
        if (body.targetId === reporter.id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.self, 'targetId');
        if (!(await repo.userExists(body.targetId))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.userNotFound, 'targetId');
      } else {
        let post;
        try {
          post = assertVisible(await repo.findPostGate(body.targetId), reporter);
        } catch {
          throw new AppError('NOT_FOUND', REPORT_MESSAGES.postNotFound, 'targetId');
        }
        await assertCanView(deps.canView, post.id, reporter, REPORT_MESSAGES.postNotFound);
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
