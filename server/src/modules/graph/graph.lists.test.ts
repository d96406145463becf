import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListResponse } from '@plates/common';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { expectNoPrivateKeys, usersHarness } from '../../test/users.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { inject, cook, follow, block } = usersHarness(() => t);

describe('GET /api/users/{id}/followers and /following', () => {
  it('lists accepted follows newest first with the viewer follow state, without deactivated accounts, in one page query', async () => {
    const owner = await cook();
    const viewer = await cook();
    const a = await makeUser(t.app, { displayName: 'A' });
    const b = await makeUser(t.app, { displayName: 'B' });
    const c = await makeUser(t.app);
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    const asking = await makeUser(t.app);
    await follow(a.id, owner.user.id);
    await follow(b.id, owner.user.id);
    await follow(c.id, owner.user.id);
    await follow(gone.id, owner.user.id);
    await follow(asking.id, owner.user.id, 'pending');
    await follow(viewer.user.id, a.id);
    await follow(viewer.user.id, b.id, 'pending');
    await follow(owner.user.id, a.id);

    const page1 = (await inject('GET', `/api/users/${owner.user.id}/followers?limit=2`, viewer.headers)).json<UserListResponse>();
    expect(page1.users.map((u) => u.id)).toEqual([c.id, b.id]);
    expect(page1.users.map((u) => u.followState)).toEqual(['none', 'requested']);
    const page2 = (
      await inject('GET', `/api/users/${owner.user.id}/followers?limit=2&cursor=${page1.nextCursor}`, viewer.headers)
    ).json<UserListResponse>();
    expect(page2.users.map((u) => u.id)).toEqual([a.id]);
    expect(page2.users[0]).toMatchObject({ followState: 'following', followerCount: 2, displayName: 'A' });
    expect(page2.nextCursor).toBeNull();
    expectNoPrivateKeys([page1, page2]);

    const following = (await inject('GET', `/api/users/${owner.user.id}/following`)).json<UserListResponse>();
    expect(following.users.map((u) => u.id)).toEqual([a.id]);
    expect(following.users[0]!.followState).toBe('none');
  });

  it('follows the plates rule: private lists are 403 unless allowed, blocks and deactivation are 404', async () => {
    const owner = await cook({ isPrivate: true });
    const stranger = await cook();
    const follower = await cook();
    await follow(follower.user.id, owner.user.id);
    for (const list of ['followers', 'following']) {
      expect((await inject('GET', `/api/users/${owner.user.id}/${list}`, stranger.headers)).statusCode).toBe(403);
      expect((await inject('GET', `/api/users/${owner.user.id}/${list}`, follower.headers)).statusCode).toBe(200);
      expect((await inject('GET', `/api/users/${owner.user.id}/${list}`, owner.headers)).statusCode).toBe(200);
    }
    await block(owner.user.id, stranger.user.id);
    expect((await inject('GET', `/api/users/${owner.user.id}/followers`, stranger.headers)).statusCode).toBe(404);
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    expect((await inject('GET', `/api/users/${gone.id}/following`)).statusCode).toBe(404);
  });

  it('leaves out people with a block towards the viewer', async () => {
    const owner = await cook();
    const viewer = await cook();
    const enemy = await makeUser(t.app);
    const friend = await makeUser(t.app);
    await follow(enemy.id, owner.user.id);
    await follow(friend.id, owner.user.id);
    await block(enemy.id, viewer.user.id);
    const list = (await inject('GET', `/api/users/${owner.user.id}/followers`, viewer.headers)).json<UserListResponse>();
    expect(list.users.map((u) => u.id)).toEqual([friend.id]);
    const guest = (await inject('GET', `/api/users/${owner.user.id}/followers`)).json<UserListResponse>();
    expect(guest.users).toHaveLength(2);
  });
});
