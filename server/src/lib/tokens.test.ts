import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';
import { hashToken, newToken, sameHash } from './tokens.js';

describe('tokens', () => {
  it('are 256 random bits, URL-safe, never repeating', () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as a SHA-256 hex digest, deterministic and distinct', () => {
    const t = newToken();
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
    expect(hashToken(t)).not.toBe(hashToken(newToken()));
    expect(hashToken(t)).not.toContain(t);
    // the known SHA-256 of "abc"
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares digests in constant time', () => {
    const h = hashToken('x');
    expect(sameHash(h, hashToken('x'))).toBe(true);
    expect(sameHash(h, hashToken('y'))).toBe(false);
    expect(sameHash(h, 'abcd')).toBe(false);
  });
});

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
