import { describe, expect, it } from 'vitest';
import { joinReturn } from './join-return';

describe('joinReturn', () => {
  it('keeps a way back for one Sign In after the verification mail, then forgets it', () => {
    joinReturn.remember('/posts/12?from=feed');
    expect(joinReturn.take()).toBe('/posts/12?from=feed');
    expect(joinReturn.take()).toBe('/');
  });

  it('keeps nothing hostile, and distrusts what it finds stored', () => {
    joinReturn.remember('//evil.example');
    expect(localStorage.getItem('returnAfterJoin')).toBeNull();
    localStorage.setItem('returnAfterJoin', 'https://evil.example/');
    expect(joinReturn.take()).toBe('/');
    expect(localStorage.getItem('returnAfterJoin')).toBeNull();
  });
});
