// The /test-auth support page's two calls: the session as the app sees it (never its token), and
// signing out everywhere, which ends every session and live connection of the member at once.
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../test/factories.js';
import { connected, listeningTestApp } from '../../test/sockets.js';

const server = listeningTestApp();

const get = (url: string, headers: Record<string, string> = {}) => server.app().inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = {}) => server.app().inject({ method: 'POST', url, headers });

describe('GET /api/auth/session', () => {
  it('describes a member\'s session, counts their other sessions, and never carries a token', async () => {
    const user = await makeUser(server.app(), { displayName: 'Ada Cook' });
    const before = Date.now();
    const here = await signIn(server.app(), user.username);
    await signIn(server.app(), user.username); // another device
    const res = await get('/api/auth/session', { authorization: here.authorization });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      signedIn: true,
      notSignedInReason: null,
      user: { id: user.id, username: user.username, displayName: 'Ada Cook' },
      otherSessions: 1,
    });
    const started = Date.parse(body.session.startedAt);
    expect(started).toBeGreaterThanOrEqual(before - 1000);
    // Sessions last 30 days from sign-in (the row's own clock and the server's may differ by a millisecond).
    expect(Math.abs(Date.parse(body.session.expiresAt) - started - 30 * 24 * 3600_000)).toBeLessThan(1_000);
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(5_000);
    expect(res.body).not.toContain(here.token);
  });

  it('tells a visitor with no session from one whose session no longer checks out', async () => {
    const none = await get('/api/auth/session');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ signedIn: false, notSignedInReason: 'none', user: null, session: null, otherSessions: 0 });
    const stale = await get('/api/auth/session', { authorization: 'Bearer no-such-token' });
    expect(stale.json()).toMatchObject({ signedIn: false, notSignedInReason: 'expired', user: null });
  });
});

describe('POST /api/auth/logout-everywhere', () => {
  it('ends every session of the member and closes their live connections, and no one else\'s', async () => {
    const user = await makeUser(server.app());
    const other = await makeUser(server.app());
    const here = await signIn(server.app(), user.username);
    const there = await signIn(server.app(), user.username);
    const bystander = await signIn(server.app(), other.username);
    const socket = await connected(server.app(), there.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const res = await post('/api/auth/logout-everywhere', { authorization: here.authorization });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out everywhere' });
    expect(await closed).toBe('io server disconnect');

    for (const session of [here, there]) {
      const me = await get('/api/user', { authorization: session.authorization });
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('SESSION_EXPIRED');
    }
    expect((await get('/api/user', { authorization: bystander.authorization })).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const res = await post('/api/auth/logout-everywhere');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
