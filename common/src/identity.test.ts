import { describe, expect, it } from 'vitest';
import { looksLikeStaff, stripBadges } from './identity.js';

describe('stripBadges', () => {
  it.each([
    ['Ana ✔️', 'Ana'],
    ['✅ Ana  ✓ Cook 🛡️', 'Ana Cook'],
    ['Ana ☑ 🗸 🗹 √ ⛨ 🏵️', 'Ana'],
    ['\u202Enimda', 'nimda'],
    ['✔️', ''],
    ['👩‍🍳 Chef Ana ⭐', '👩‍🍳 Chef Ana ⭐'],
    ['  José   Zoë ', 'José Zoë'],
  ])('%j → %j', (name, stored) => {
    expect(stripBadges(name)).toBe(stored);
  });
});

describe('looksLikeStaff, as typed (the server adds the confusables table and the admins\' names)', () => {
  it.each(['Admin', 'ROOT', 'Plates', 'A d m i n', 'Adm1n', 'R00t', 'ad.min', 'admin_2', 'Admin Team', 'AdminTeam', 'The Mods', 'Plates HQ', 'Team Plates', 'Support'])(
    'refuses %s',
    (name) => expect(looksLikeStaff(name)).toBe(true),
  );

  it.each(['José', 'Plates Lover', 'Root Vegetable Fan', 'Badminton Chef', 'Modern Cook', 'Modi', 'Supporter', '李小龙', 'محمد', ''])(
    'accepts %j',
    (name) => expect(looksLikeStaff(name)).toBe(false),
  );

  it('protects the names it is given, in look-alike spellings', () => {
    expect(looksLikeStaff('marguerite.duval', { protectedNames: ['Marguerite Duval'] })).toBe(true);
    expect(looksLikeStaff('Marguerite', { protectedNames: ['Marguerite Duval'] })).toBe(false);
  });
});
