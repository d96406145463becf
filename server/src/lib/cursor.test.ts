import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const Shape = z.tuple([z.number().int(), z.number().int().positive()]);

describe('page cursors', () => {
  it('round-trip the keys of the last row', () => {
    const cursor = encodeCursor([120, 7]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, Shape)).toEqual([120, 7]);
  });

  it('are absent when not given', () => {
    expect(decodeCursor(undefined, Shape)).toBeUndefined();
    expect(decodeCursor('', Shape)).toBeUndefined();
  });

  it.each([
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['the wrong shape', encodeCursor(['x', 7])],
    ['a negative id', encodeCursor([1, -7])],
    ['too long', 'a'.repeat(401)],
    ['SQL', encodeCursor(["1; drop table posts;--", 1])],
  ])('refuse %s with 400 on the cursor field', (_what, cursor) => {
    let error: unknown;
    try {
      decodeCursor(cursor, Shape);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor', statusCode: 400 });
  });
});
