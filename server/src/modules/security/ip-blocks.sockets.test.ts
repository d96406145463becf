import { describe, expect, it } from 'vitest';
import { makeSignedInUser, signIn } from '../../test/factories.js';
import { connected, listeningTestApp, openSocket, type ClientSocket } from '../../test/sockets.js';
import { SECURITY_MESSAGES } from './ip-blocks.service.js';

/** The connect_error of a socket that was refused, or null when it connected. */
function outcome(socket: ClientSocket): Promise<{ message: string; code?: string } | null> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (error) => resolve({ message: error.message, code: (error as { data?: { code?: string } }).data?.code }));
  });
}

describe('no-access blocks and the realtime connection', () => {
  const ctx = listeningTestApp();

  it('closes open sockets from a newly blocked address and refuses their handshake until the block is lifted', async () => {
    const app = ctx.app();
    // Sockets come from 127.0.0.1 (loopback); the admin acts from elsewhere, so the block does not
    // lock them out, and needs no confirmation.
    const admin = await makeSignedInUser(app, { isAdmin: true });
    const adminFrom = { headers: admin.headers, remoteAddress: '192.0.2.1' };
    const cook = await makeSignedInUser(app);
    const { token } = await signIn(app, cook.user.username);
    const open = ctx.track(await connected(app, token));
    const closed = new Promise<string>((resolve) => open.on('disconnect', (reason) => resolve(reason)));

    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/ip-blocks',
      ...adminFrom,
      payload: { ipAddress: '127.0.0.0/8', blockType: 'no_access', reason: 'Test of the handshake' },
    });
    expect(created.statusCode).toBe(201);
    expect(await closed).toBe('io server disconnect');

    const refused = await outcome(ctx.track(openSocket(app, { token })));
    expect(refused).toEqual({ message: SECURITY_MESSAGES.noAccess, code: 'FORBIDDEN' });
    // The same handshake without a session is refused for the block, not for the missing session.
    expect(await outcome(ctx.track(openSocket(app)))).toEqual({ message: SECURITY_MESSAGES.noAccess, code: 'FORBIDDEN' });

    const lifted = await app.inject({ method: 'DELETE', url: `/api/admin/ip-blocks/${created.json().id}`, ...adminFrom });
    expect(lifted.statusCode).toBe(200);
    expect(await outcome(ctx.track(openSocket(app, { token })))).toBeNull();
  });

  it('leaves sockets alone for sign-up blocks', async () => {
    const app = ctx.app();
    const admin = await makeSignedInUser(app, { isAdmin: true });
    const cook = await makeSignedInUser(app);
    const { token } = await signIn(app, cook.user.username);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/ip-blocks',
      headers: admin.headers,
      payload: { ipAddress: '127.0.0.1', blockType: 'sign_up_block', reason: 'No new accounts from here' },
    });
    expect(created.statusCode).toBe(201);
    expect(await outcome(ctx.track(openSocket(app, { token })))).toBeNull();
  });
});
