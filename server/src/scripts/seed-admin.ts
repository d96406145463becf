// The admin area's share of the seed (issue 16): so that a new admin opening /admin on a seeded
// database sees a living community, not empty queues. Plates waiting for approval, open and
// settled reports, strikes (one appealed and waiting, one appeal turned down), announcements
// (live, scheduled and ended), verification requests (waiting and declined) and featured plates.
// Everything is written as the services would leave it, but without notifications or audit rows:
// no admin acted (the seed makes no admin; ADMIN_USERNAME does, on start).
import { and, between, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  featuredPosts,
  globalAnnouncements,
  posts,
  reports,
  userVerifications,
  userWarnings,
  verificationRequests,
  type NewPost,
} from '../db/schema/index.js';

interface Rng {
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

export interface AdminSeedInput {
  rng: Rng;
  now: number;
  userIds: readonly number[];
  postIds: readonly number[];
  /** Ids of seeded ratings that carry a comment (a comment's report names its rating row). */
  commentIds: readonly number[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PENDING_TITLES = ['Saffron risotto, first try', 'Midnight ramen', 'Burnt Basque cheesecake', 'Summer peach galette', 'Street-style tacos al pastor', 'Sourdough, day three'];
const POST_REPORTS = [
  { reason: 'spam', details: 'The description is an advert for a meal-kit site.' },
  { reason: 'copyright', details: 'This photo is from a restaurant website, not their own.' },
  { reason: 'inappropriate', details: 'Nothing to do with food.' },
  { reason: 'offensive', details: 'The description mocks a cuisine.' },
] as const;
const USER_REPORTS = [
  { reason: 'fake', details: 'Pretends to be a TV chef.' },
  { reason: 'harassment', details: 'Keeps sending rude chat requests after I declined.' },
  { reason: 'spam', details: 'Every comment links to the same shop.' },
] as const;
const COMMENT_REPORTS = [
  { reason: 'offensive', details: 'An insult, not a comment on the dish.' },
  { reason: 'spam', details: 'Same promo text under many plates.' },
] as const;
const VERIFY_REASONS = [
  'I run a small bakery in Lyon and post our daily bakes here.',
  'Food writer; my column on home cooking appears weekly.',
  'Head chef at a neighbourhood bistro, happy to answer questions.',
  'I teach cooking classes and share every class dish here.',
];

/** Seeds the admin area; answers the counts it wrote (for the seed's summary). */
export async function seedAdminArea(db: Db, input: AdminSeedInput): Promise<Record<string, number>> {
  const { rng, now, userIds, postIds, commentIds } = input;
  if (userIds.length < 8 || postIds.length < 8) return {};
  const member = (i: number) => userIds[i % userIds.length]!;
  // Members 1 to 4 are the people the moderators deal with; the login member (index 0) stays clean.
  const [authorA, authorB, authorC, authorD] = [member(1), member(2), member(3), member(4)];

  // ---- plates waiting for approval, looking like the plates they sit beside
  const [template] = await db.select().from(posts).where(eq(posts.id, postIds[postIds.length - 1]!)).limit(1);
  let pending = 0;
  if (template) {
    const rows: NewPost[] = PENDING_TITLES.map((title, i) => ({
      userId: member(5 + i),
      title,
      description: 'Fresh from my kitchen tonight.',
      location: null,
      imageUrl: template.imageUrl,
      imageKey: template.imageKey,
      imageWidth: template.imageWidth,
      imageHeight: template.imageHeight,
      imageAspect: template.imageAspect,
      imagePlaceholder: template.imagePlaceholder,
      imageVariants: template.imageVariants,
      altText: template.altText,
      approvalStatus: 'pending' as const,
      createdAt: new Date(now - (i + 1) * 5 * HOUR),
      updatedAt: new Date(now - (i + 1) * 5 * HOUR),
    }));
    pending = (await db.insert(posts).values(rows).returning({ id: posts.id })).length;
  }

  // ---- reports: a queue to work through, and a few already settled
  // Reporters come from beyond the members reported (1 to 4), so none reports themselves.
  const reporter = () => member(rng.int(5, userIds.length - 1));
  const reportRows: (typeof reports.$inferInsert)[] = [];
  POST_REPORTS.forEach((r, i) => {
    reportRows.push({ userId: reporter(), targetType: 'post', targetId: postIds[postIds.length - 2 - i]!, ...r, createdAt: new Date(now - (i + 1) * 7 * HOUR) });
  });
  // Two reporters on one plate: the queue groups them.
  reportRows.push({ userId: reporter(), targetType: 'post', targetId: postIds[postIds.length - 2]!, reason: 'spam', details: 'Same advert again.', createdAt: new Date(now - 3 * HOUR) });
  USER_REPORTS.forEach((r, i) => {
    reportRows.push({ userId: reporter(), targetType: 'user', targetId: [authorA, authorB, authorC][i]!, ...r, createdAt: new Date(now - (i + 2) * 11 * HOUR) });
  });
  COMMENT_REPORTS.forEach((r, i) => {
    const commentId = commentIds[i];
    if (commentId) reportRows.push({ userId: reporter(), targetType: 'comment', targetId: commentId, ...r, createdAt: new Date(now - (i + 1) * 9 * HOUR) });
  });
  const openReports = reportRows.length;
  reportRows.push(
    { userId: reporter(), targetType: 'post', targetId: postIds[0]!, reason: 'other', details: 'Looks undercooked to me.', status: 'dismissed', actionTaken: 'dismiss', resolutionReason: 'Not against the guidelines.', reviewedAt: new Date(now - 4 * DAY), createdAt: new Date(now - 5 * DAY) },
    { userId: reporter(), targetType: 'user', targetId: authorD, reason: 'spam', details: 'Posts the same plate every day.', status: 'resolved', actionTaken: 'warn', resolutionReason: 'Please share each plate once.', reviewedAt: new Date(now - 6 * DAY), createdAt: new Date(now - 7 * DAY) },
  );
  const reportIds = (await db.insert(reports).values(reportRows).returning({ id: reports.id })).map((r) => r.id);

  // ---- strikes: a warning, a restriction with an appeal waiting, a warning whose appeal was turned down
  await db.insert(userWarnings).values([
    { userId: authorD, reportId: reportIds[reportIds.length - 1], reason: 'Please share each plate once.', warningType: 'warn', notice: 'Your account received a warning: Please share each plate once.', createdAt: new Date(now - 6 * DAY) },
    {
      userId: authorB,
      reason: 'Repeated rude chat requests.',
      warningType: 'restrict',
      expiresAt: new Date(now + 5 * DAY),
      notice: 'Your new plates, comments and chat requests are reviewed before they appear for 7 days: Repeated rude chat requests.',
      appealText: 'I sent two messages to ask about a recipe; I did not mean to be rude. Sorry if it came across that way.',
      appealStatus: 'pending',
      appealedAt: new Date(now - 20 * HOUR),
      createdAt: new Date(now - 2 * DAY),
    },
    {
      userId: authorC,
      reason: 'Links to a shop in every comment.',
      warningType: 'warn',
      notice: 'Your account received a warning: Links to a shop in every comment.',
      appealText: 'Those links are my own recipes.',
      appealStatus: 'rejected',
      appealedAt: new Date(now - 9 * DAY),
      appealDecidedAt: new Date(now - 8 * DAY),
      appealDecisionReason: 'The links lead to a shop, not to recipes.',
      createdAt: new Date(now - 10 * DAY),
    },
  ]);

  // ---- announcements: one live and pinned, one live, one scheduled, one ended
  await db.insert(globalAnnouncements).values([
    { title: 'Welcome to Plates', content: 'Share what you cooked today, rate your friends’ plates and climb the cooking levels.', type: 'info', isPinned: true, startDate: new Date(now - 20 * DAY), createdAt: new Date(now - 20 * DAY) },
    { title: 'Soup week', content: 'All week long: show us your best bowl. Featured soups appear at the top of the feed.', type: 'success', startDate: new Date(now - 2 * DAY), endDate: new Date(now + 5 * DAY), createdAt: new Date(now - 2 * DAY) },
    { title: 'Maintenance on Sunday', content: 'Plates will be read-only for about ten minutes on Sunday at 02:00 UTC.', type: 'warning', startDate: new Date(now + 3 * DAY), endDate: new Date(now + 4 * DAY), createdAt: new Date(now - DAY) },
    { title: 'Autumn baking challenge', content: 'Thank you for 300 pies and tarts!', type: 'info', startDate: new Date(now - 40 * DAY), endDate: new Date(now - 30 * DAY), createdAt: new Date(now - 40 * DAY) },
  ]);

  // ---- verification requests from members without a badge: three waiting, one declined
  const badged = new Set(
    (await db.select({ userId: userVerifications.userId }).from(userVerifications).where(inArray(userVerifications.userId, [...userIds]))).map((v) => v.userId),
  );
  const candidates = userIds.slice(5).filter((id) => !badged.has(id)).slice(0, 4);
  await db.insert(verificationRequests).values(
    candidates.map((userId, i) => ({
      userId,
      reason: VERIFY_REASONS[i % VERIFY_REASONS.length]!,
      links: i % 2 === 0 ? [`https://example.com/cook-${i + 1}`] : [],
      createdAt: new Date(now - (i + 1) * 13 * HOUR),
      ...(i === 3 ? { status: 'declined' as const, decisionReason: 'Please add a link that shows your work.', decidedAt: new Date(now - 2 * HOUR) } : {}),
    })),
  );

  // ---- featured plates: the three best-rated seeded plates with enough ratings
  const best = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(between(posts.id, postIds[0]!, postIds[postIds.length - 1]!), gte(posts.ratingCount, 3)))
    .orderBy(desc(sql`${posts.ratingSum}::float / ${posts.ratingCount}`), posts.id)
    .limit(3);
  const featured = best.map((row, i) => ({
    postId: row.id,
    priority: 3 - i,
    reason: rng.pick(['A community favourite', 'Beautiful light and plating', 'Top rated this month']),
    expiresAt: new Date(now + 14 * DAY),
  }));
  if (featured.length) await db.insert(featuredPosts).values(featured);

  return { pendingPosts: pending, openReports, reports: reportRows.length, strikes: 3, announcements: 4, verificationRequests: candidates.length, featured: featured.length };
}
