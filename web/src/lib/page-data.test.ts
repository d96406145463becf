import { PAGE_DATA_ID, STORAGE_KEYS } from '@plates/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_FRESH_MS, resetPageAnswers, takePageAnswer } from './page-data';

/** Writes the block the server puts in the page. */
function serve(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ID;
  block.textContent = text;
  document.head.append(block);
  resetPageAnswers();
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove();
  window.localStorage.clear();
  vi.restoreAllMocks();
  resetPageAnswers();
});

describe("the page's own API answers", () => {
  it('answers each path once, then leaves it to the network, and takes the block out of the page', () => {
    serve(JSON.stringify({ viewer: null, answers: { '/api/user': null, '/api/posts?limit=12': { posts: [] } } }));
    expect(takePageAnswer('/api/user')).toBeNull();
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
    expect(takePageAnswer('/api/posts?limit=12')).toEqual({ posts: [] });
    expect(takePageAnswer('/api/posts?limit=12')).toBeUndefined();
    expect(takePageAnswer('/api/posts/1')).toBeUndefined();
  });

  it("is not used when a stored token belongs to another member than the page's session", () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'token-of-member-7');
    window.localStorage.setItem(STORAGE_KEYS.userId, '7');
    serve(JSON.stringify({ viewer: 9, answers: { '/api/user': { id: 9, username: 'nine' } } }));
    expect(takePageAnswer('/api/user')).toBeUndefined();

    serve(JSON.stringify({ viewer: 7, answers: { '/api/user': { id: 7, username: 'seven' } } }));
    expect(takePageAnswer('/api/user')).toEqual({ id: 7, username: 'seven' });
  });

  it('is not used once the page is no longer new, nor when the block is damaged', () => {
    serve(JSON.stringify({ viewer: null, answers: { '/api/user': null } }));
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + PAGE_ANSWERS_FRESH_MS + 1);
    expect(takePageAnswer('/api/user')).toBeUndefined();

    vi.restoreAllMocks();
    serve('{"viewer": null, "answers": {');
    expect(takePageAnswer('/api/user')).toBeUndefined();
  });
});
