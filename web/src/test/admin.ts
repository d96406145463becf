import {
  DASHBOARD_METRICS,
  type DashboardMetric,
  type DashboardPeriod,
  type StatsQueue,
  type StatsResponse,
} from '@plates/common';
import type {
  AdminUserDetail,
  AdminUserSummary,
  AppealDto,
  AuditEntryDto,
  Author,
  HeldItemDto,
  ModerationTemplateDto,
  ReportGroupDto,
  StrikeDto,
} from '@plates/common';
import { makeAuthor as makePostAuthor } from './posts';

/** Test data in the admin API's shapes (common/src/schemas/admin.ts). */

export const moderatorPermissions = ['review_posts', 'manage_reports', 'view_audit_log'];

/** A member as the admin tests meet them: Gus, who grills. */
function makeAuthor(overrides: Partial<Author> = {}): Author {
  return makePostAuthor({ id: 40, username: 'grill_gus', displayName: 'Gus Grill', points: 300, level: 2, ...overrides });
}

export function makeStrike(overrides: Partial<StrikeDto> = {}): StrikeDto {
  return {
    id: 501,
    type: 'warn',
    reason: 'Spam in comments',
    notice: 'A moderator warned you: Spam in comments. If you think this is a mistake, you can appeal within 20 days from Settings, Your account.',
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: null,
    isActive: true,
    liftedAt: null,
    targetType: null,
    targetId: null,
    targetLabel: null,
    appeal: null,
    canAppeal: true,
    ...overrides,
  };
}

export function makeReportGroup(overrides: Partial<ReportGroupDto> = {}): ReportGroupDto {
  const owner = { ...makeAuthor(), bio: 'Smoke and fire.', accountStatus: 'active', createdAt: '2025-06-01T00:00:00.000Z' };
  return {
    id: 71,
    target: {
      type: 'post',
      id: 300,
      label: 'the plate "Burnt toast"',
      exists: true,
      post: {
        title: 'Burnt toast',
        description: 'Charcoal, really.',
        imageUrl: '/uploads/burnt.jpg',
        approvalStatus: 'approved',
        createdAt: '2026-02-20T08:00:00.000Z',
      },
      comment: null,
      owner,
    },
    reports: [
      {
        id: 71,
        reason: 'spam',
        details: 'Posted five times today',
        createdAt: '2026-03-02T09:00:00.000Z',
        status: 'pending',
        reporter: { ...makeAuthor({ id: 41, username: 'reporter_rae', displayName: 'Rae Report' }), reportsMade: 12, reportsUpheld: 9 },
      },
      {
        id: 72,
        reason: 'offensive',
        details: null,
        createdAt: '2026-03-02T10:00:00.000Z',
        status: 'pending',
        reporter: { ...makeAuthor({ id: 42, username: 'sam_sees', displayName: 'Sam Sees' }), reportsMade: 1, reportsUpheld: 0 },
      },
    ],
    firstReportedAt: '2026-03-02T09:00:00.000Z',
    ownerStrikes: [makeStrike({ id: 400, reason: 'Stolen photo', type: 'remove_content', targetType: 'post', targetLabel: 'Borrowed bagel' })],
    earlierReports: 3,
    outcome: null,
    ...overrides,
  };
}

export function makeAppeal(overrides: Partial<AppealDto> = {}): AppealDto {
  return {
    id: 610,
    strike: makeStrike({
      id: 610,
      type: 'suspend',
      reason: 'Harassment in chat',
      notice: 'Your account is suspended until 10 Mar 2026. Reason: Harassment in chat',
      expiresAt: '2026-03-10T10:00:00.000Z',
      appeal: { text: 'It was my brother on my phone, sorry.', status: 'pending', appealedAt: '2026-03-03T10:00:00.000Z', decidedAt: null, decisionReason: null },
      canAppeal: false,
    }),
    member: { ...makeAuthor({ id: 44, username: 'brother_bob', displayName: 'Bob' }), accountStatus: 'suspended' },
    ...overrides,
  };
}

export function makeTemplate(overrides: Partial<ModerationTemplateDto> = {}): ModerationTemplateDto {
  return { id: 1, kind: 'report', title: 'Spam', body: 'Posting the same plate again and again is spam.', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

export function makeMemberSummary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    ...makeAuthor(),
    email: 'gus@example.test',
    emailVerified: true,
    accountStatus: 'active',
    restricted: false,
    restrictedUntil: null,
    suspendedUntil: null,
    suspensionReason: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    lastLoginAt: '2026-03-01T08:00:00.000Z',
    activeStrikes: 1,
    totalStrikes: 2,
    roles: [],
    ...overrides,
  };
}

export function makeMemberDetail(overrides: Partial<AdminUserDetail> = {}, user: Partial<AdminUserDetail['user']> = {}): AdminUserDetail {
  return {
    user: { ...makeMemberSummary(), bio: 'Smoke and fire.', location: 'Austin', emailVerified: true, isPrivate: false, ...user },
    posts: [{ id: 300, title: 'Burnt toast', imageUrl: '/uploads/burnt.jpg', approvalStatus: 'approved', createdAt: '2026-02-20T08:00:00.000Z' }],
    reportsMade: [],
    reportsReceived: [
      { id: 71, targetType: 'post', targetId: 300, reason: 'spam', details: null, status: 'pending', actionTaken: null, createdAt: '2026-03-02T09:00:00.000Z' },
    ],
    strikes: [makeStrike()],
    signIns: [
      { id: 1, createdAt: '2026-03-01T08:00:00.000Z', success: true, failureReason: null, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' },
      { id: 2, createdAt: '2026-03-01T07:59:00.000Z', success: false, failureReason: 'bad_password', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' },
    ],
    sessions: [{ id: 9, createdAt: '2026-03-01T08:00:00.000Z', lastUsedAt: '2026-03-02T08:00:00.000Z', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' }],
    roles: [],
    approval: null,
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: 900,
    createdAt: '2026-03-02T11:00:00.000Z',
    admin: { id: 1, username: 'admin' },
    adminRole: 'admin',
    action: 'report_warn',
    targetType: 'post',
    targetId: 300,
    targetLabel: 'Burnt toast',
    reason: 'Spam in comments',
    before: null,
    after: { strikeId: 501, days: null },
    details: null,
    ipAddress: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (X11)',
    success: true,
    errorMessage: null,
    ...overrides,
  };
}

export function makeHeldItem(overrides: Partial<HeldItemDto> = {}): HeldItemDto {
  return {
    kind: 'comment',
    id: 801,
    text: 'Buy cheap pans at my shop!',
    createdAt: '2026-03-02T12:00:00.000Z',
    author: makeAuthor({ id: 45, username: 'pushy_pat', displayName: 'Pat Pushy' }),
    post: { id: 300, title: 'Burnt toast' },
    receiver: null,
    hits: [],
    parts: [],
    ...overrides,
  };
}

/**
 * A dashboard answer (`GET /api/admin/stats`) of `days` days ending 2026-03-15, every figure 0
 * unless `daily` gives a day's (by date), totals from the series unless `totals` overrides them.
 */
export function makeStats(
  options: {
    days?: DashboardPeriod;
    daily?: Record<string, Partial<Record<DashboardMetric, number>>>;
    previous?: Partial<Record<DashboardMetric, number>>;
    queues?: StatsQueue[];
  } = {},
): StatsResponse {
  const days = options.days ?? 30;
  const end = Date.UTC(2026, 2, 15);
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, ...Object.fromEntries(DASHBOARD_METRICS.map((m) => [m, options.daily?.[date]?.[m] ?? 0])) } as StatsResponse['series'][number];
  });
  return {
    days,
    from: series[0]!.date,
    to: series.at(-1)!.date,
    generatedAt: '2026-03-15T12:00:00.000Z',
    series,
    totals: DASHBOARD_METRICS.map((metric) => ({
      metric,
      current: series.reduce((sum, day) => sum + day[metric], 0),
      previous: options.previous?.[metric] ?? 0,
    })),
    queues: options.queues ?? [
      { queue: 'pending_posts', count: 0, oldestAt: null, oldestAgeSeconds: null },
      { queue: 'reports', count: 0, oldestAt: null, oldestAgeSeconds: null },
      { queue: 'appeals', count: 0, oldestAt: null, oldestAgeSeconds: null },
      { queue: 'verification_requests', count: 0, oldestAt: null, oldestAgeSeconds: null },
    ],
  };
}
