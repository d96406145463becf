import { describe, expect, it } from 'vitest';
import { makeSignedInUser, signIn } from '../../test/factories.js';
import { connected, listeningTestApp } from '../../test/sockets.js';

describe('suspension and sign-out everywhere end live connections', () => {
  const ctx = listeningTestApp();

  for (const action of ['suspend', 'sign_out'] as const) {
    it(`${action} closes the member's open sockets at once`, async () => {
      const app = ctx.app();
      const admin = await makeSignedInUser(app, { isAdmin: true });
      const cook = await makeSignedInUser(app);
      const { token } = await signIn(app, cook.user.username);
      const socket = ctx.track(await connected(app, token));
      const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/users/${cook.user.id}/actions`,
        headers: admin.headers,
        payload: { action, reason: 'Account compromised' },
      });
      expect(res.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
    });
  }
});
