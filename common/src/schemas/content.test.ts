import { describe, expect, it } from 'vitest';
import { featuredStatus, plateIdFrom } from './content.js';

describe('plateIdFrom', () => {
  it('reads a plate number or a link to the plate', () => {
    expect(plateIdFrom(' 42 ')).toBe(42);
    expect(plateIdFrom('https://plates.example/posts/17')).toBe(17);
    expect(plateIdFrom('/posts/17/?from=feed#c')).toBe(17);
    expect(plateIdFrom('')).toBeNull();
    expect(plateIdFrom('0')).toBeNull();
    expect(plateIdFrom('https://plates.example/users/17')).toBeNull();
    expect(plateIdFrom('99999999999')).toBeNull();
  });
});

describe('featuredStatus', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('is unfeatured when switched off, expired at or after its expiry, else active', () => {
    expect(featuredStatus({ isActive: false, expiresAt: null }, now)).toBe('unfeatured');
    expect(featuredStatus({ isActive: true, expiresAt: '2026-05-01T12:00:00Z' }, now)).toBe('expired');
    expect(featuredStatus({ isActive: true, expiresAt: new Date('2026-05-01T12:00:01Z') }, now)).toBe('active');
    expect(featuredStatus({ isActive: true, expiresAt: null }, now)).toBe('active');
  });
});
