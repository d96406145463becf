import { MESSAGES, type SessionUser } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeSignedInUser, makeUser, uniqueName } from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The admin whose own names are protected too.
  await makeUser(t.app, { username: 'chef_marguerite', displayName: 'Marguerite Duval', isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

function register(fields: { username?: string; displayName?: string }) {
  const username = fields.username ?? uniqueName('reg');
  const payload = { username, email: `${uniqueName('mail')}@example.test`, password: 'secret-pass', ...fields };
  return t.app.inject({ method: 'POST', url: '/api/register', payload });
}

async function putDisplayName(displayName: string, headers: Record<string, string>) {
  const body = await multipartBody([['displayName', displayName]]);
  return t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: body.payload, headers: { ...body.headers, ...headers } });
}

const reservedName = { code: 'VALIDATION_ERROR', field: 'displayName', message: MESSAGES.displayNameReserved };

/** Display names that would pass for the team, the service or the admin, and why. */
const REFUSED: Array<[string, string]> = [
  ['Admin', 'a reserved name'],
  ['ADMIN', 'any case'],
  ['administrator', 'a reserved name'],
  ['Moderator', 'a reserved name'],
  ['Plates', 'the service itself'],
  ['Support', 'a reserved name'],
  ['root', 'a reserved name'],
  ['Аdmin ✔️ Plates Team', 'Cyrillic А, a tick and "Plates Team"'],
  ['Аdmin', 'Cyrillic А (UTS #39 skeleton)'],
  ['Αdmin', 'Greek Α'],
  ['admіn', 'Cyrillic і'],
  ['ᎪᎠᎷIN', 'Cherokee letters'],
  ['A d m i n', 'spelled out'],
  ['Ad\u200Bmin', 'a zero-width space inside'],
  ['ａｄｍｉｎ', 'fullwidth letters'],
  ['𝐀𝐝𝐦𝐢𝐧', 'mathematical bold'],
  ['Adm1n', 'digit 1 for i (confusables: 1 → l, I → l)'],
  ['Adrnin', 'rn for m (confusables: m → rn)'],
  ['R00t', 'digit 0 for o (confusables: 0 → O)'],
  ['Ådmin', 'an accent'],
  ['Admin Team', 'a staff word'],
  ['The Admin', 'a staff word'],
  ['AdminTeam', 'staff and team words run together'],
  ['Admin2024', 'a staff word with digits'],
  ['Pizza Mod', 'a staff word'],
  ['Chef Support', 'a staff word'],
  ['Plates Team', '"Plates" beside a team word'],
  ['Official Plates', '"Plates" beside a team word'],
  ['platesteam', 'run together'],
  ['Marguerite Duval', "the admin's display name"],
  ['Маrguerite Duvаl ✔', "the admin's display name with Cyrillic М and а, and a tick"],
  ['chef_marguerite', "the admin's username"],
];

/** Ordinary names, as typed and as stored. */
const ACCEPTED: Array<[string, string]> = [
  ['José', 'José'],
  ['Zoë', 'Zoë'],
  ['李小龙', '李小龙'],
  ['Ольга', 'Ольга'],
  ['محمد', 'محمد'],
  ['Plates Lover', 'Plates Lover'],
  ['Root Vegetable Fan', 'Root Vegetable Fan'],
  ['Badminton Chef', 'Badminton Chef'],
  ['Modern Cook', 'Modern Cook'],
  ['👩‍🍳 Chef Ana', '👩‍🍳 Chef Ana'],
  ['Ana ✔️', 'Ana'],
  ['✅ Ana  ✓ 🛡️ Cook', 'Ana Cook'],
  ['Marguerite', 'Marguerite'],
];

describe('display names that pass for the team are refused', () => {
  it.each(REFUSED)('at sign-up: %s (%s)', async (displayName) => {
    const res = await register({ displayName });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(reservedName);
  });

  it.each(REFUSED)('in profile settings: %s (%s)', async (displayName) => {
    const me = await makeSignedInUser(t.app, { displayName: 'Ordinary Cook' });
    const res = await putDisplayName(displayName, me.headers);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(reservedName);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: me.headers })).json<SessionUser>().displayName).toBe('Ordinary Cook');
  });

  it('a name of nothing but badges is refused at sign-up and in settings', async () => {
    const onlySymbols = { code: 'VALIDATION_ERROR', field: 'displayName', message: MESSAGES.displayNameOnlySymbols };
    const res = await register({ displayName: '✔️' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(onlySymbols);
    const me = await makeSignedInUser(t.app);
    const put = await putDisplayName(' ✅ 🛡️ ', me.headers);
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(onlySymbols);
  });
});

describe('ordinary names are kept, without badge symbols', () => {
  it.each(ACCEPTED)('at sign-up: %s', async (displayName, stored) => {
    const res = await register({ displayName });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.displayName).toBe(stored);
  });

  it.each(ACCEPTED)('in profile settings: %s', async (displayName, stored) => {
    const me = await makeSignedInUser(t.app);
    const res = await putDisplayName(displayName, me.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SessionUser>().displayName).toBe(stored);
  });
});

describe('the rule applies to new names only, and not to admins', () => {
  it('a member whose name predates the rule still saves the profile form, which sends the name again', async () => {
    const me = await makeSignedInUser(t.app, { displayName: 'Admin Team' });
    const body = await multipartBody([['displayName', 'Admin Team'], ['bio', 'Still cooking']]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: body.payload, headers: { ...body.headers, ...me.headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SessionUser>()).toMatchObject({ displayName: 'Admin Team', bio: 'Still cooking' });
  });

  it('an admin may call the account by a staff name', async () => {
    const admin = await makeSignedInUser(t.app, { isAdmin: true });
    const res = await putDisplayName('Plates Support 🛡️', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SessionUser>().displayName).toBe('Plates Support');
  });
});

describe('usernames', () => {
  const reservedUsername = { code: 'VALIDATION_ERROR', field: 'username', message: MESSAGES.usernameReserved };

  it.each(['Admin', 'administrator', 'MODERATOR', 'plates', 'Support', 'root', 'adm1n', 'r00t', 'ad.min', 'plates_team', 'admin_2', 'CHEF_MARGUERITE'])(
    'refuses %s',
    async (username) => {
      const res = await register({ username });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(reservedUsername);
    },
  );

  it.each(['plates_lover', 'badminton_fan', 'modern.cook', 'rootsy'])('accepts %s', async (prefix) => {
    const res = await register({ username: `${prefix}_${uniqueName('u').slice(-6)}` });
    expect(res.statusCode, res.body).toBe(201);
  });
});
