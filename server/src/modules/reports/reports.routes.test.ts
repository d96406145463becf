import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SUBMITTED } from '@plates/common';
import { reports, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, makeSignedInUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { reportsPerUser: 6 } });
});
afterAll(async () => {
  await t?.close();
});

const cook = (overrides: Partial<User> = {}) => makeSignedInUser(t.app, overrides);
const report = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers, payload: payload as object });

describe('POST /api/reports', () => {
  it('files a report (201) and answers a repeat of an open report with the same id (200)', async () => {
    const reporter = await cook();
    const post = await makePost(t.app);
    const first = await report(reporter.headers, { targetType: 'post', targetId: post.id, reason: 'spam', details: '  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), message: REPORT_SUBMITTED });
    expect(REPORT_SUBMITTED).toBe('Report Submitted - Thank you for your report. Our team will review it.');
    const again = await report(reporter.headers, { targetType: 'post', targetId: post.id, reason: 'other', details: 'more' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.services.database.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: reporter.user.id, targetType: 'post', reason: 'spam', details: null, status: 'pending' });

    // Once reviewed, a new report may be filed.
    await t.app.services.database.db.update(reports).set({ status: 'resolved' }).where(eq(reports.id, first.json().id));
    expect((await report(reporter.headers, { targetType: 'post', targetId: post.id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('never duplicates when the same report is sent concurrently', async () => {
    const reporter = await cook();
    const target = await makeUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => report(reporter.headers, { targetType: 'user', targetId: target.id, reason: 'fake' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  it("checks the reason against the target type's list", async () => {
    const reporter = await cook();
    const target = await makeUser(t.app);
    const post = await makePost(t.app);
    for (const [targetType, targetId, reason] of [
      ['user', target.id, 'copyright'],
      ['post', post.id, 'harassment'],
      ['post', post.id, ''],
      ['post', post.id, 'toString'],
      ['comment', 1, 'fake'], // a comment takes the plate reasons
    ] as const) {
      const res = await report(reporter.headers, { targetType, targetId, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'reason', message: 'Please select a reason for the report' });
    }
    const badType = await report(reporter.headers, { targetType: 'recipe', targetId: 1, reason: 'spam' });
    expect(badType.statusCode).toBe(400);
  });

  it('needs a target that exists, is not yourself, and a signed-in reporter', async () => {
    const reporter = await cook();
    expect((await report({}, { targetType: 'user', targetId: 1, reason: 'fake' })).statusCode).toBe(401);
    const missingUser = await report(reporter.headers, { targetType: 'user', targetId: 2_000_000_000, reason: 'fake' });
    expect(missingUser.statusCode).toBe(404);
    const missingPost = await report(reporter.headers, { targetType: 'post', targetId: 2_000_000_000, reason: 'spam' });
    expect(missingPost.statusCode).toBe(404);
    const hidden = await makePost(t.app, { approvalStatus: 'pending' });
    expect((await report(reporter.headers, { targetType: 'post', targetId: hidden.id, reason: 'spam' })).statusCode).toBe(404);
    const self = await report(reporter.headers, { targetType: 'user', targetId: reporter.user.id, reason: 'fake' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot report yourself' });
    const own = await makePost(t.app, { userId: reporter.user.id });
    expect((await report(reporter.headers, { targetType: 'post', targetId: own.id, reason: 'spam' })).statusCode).toBe(400);
  });

  it('limits reports per user', async () => {
    const reporter = await cook();
    const other = await cook();
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      const target = await makeUser(t.app);
      codes.push((await report(reporter.headers, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const target = await makeUser(t.app);
    expect((await report(other.headers, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode).toBe(201);
  });
});
