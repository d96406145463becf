import { afterAll, describe } from 'vitest';
import { chatSessions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { typingStoreContract } from './chat.typing.contract.js';
import { databaseTypingStore } from './chat.typing.js';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

describe('typing flags in the database (no Redis)', () => {
  typingStoreContract(async () => {
    t = await buildTestApp();
    const app = t.app;
    const people = await Promise.all(Array.from({ length: 6 }, () => makeUser(app)));
    const [host, ...guests] = people.map((p) => p.id) as [number, ...number[]];
    const rows = await app.services.database.db
      .insert(chatSessions)
      .values(guests.map((guest) => ({ user1Id: host, user2Id: guest })))
      .returning({ id: chatSessions.id });
    const ids = rows.map((r) => r.id);
    return {
      store: databaseTypingStore(app.services.database.db),
      sessions: [ids[0]!, ids[1]!, ids[2]!, ids[3]!, ids[4]!],
      users: [host, guests[0]!, guests[1]!],
    };
  });
});
