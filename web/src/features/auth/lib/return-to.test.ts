import { describe, expect, it } from 'vitest';
import { currentPath, safeReturnPath, signInPath } from './return-to';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/posts/12', '/posts/12'],
    ['/search?q=ramen%20bowl&type=posts', '/search?q=ramen%20bowl&type=posts'],
    ['/posts/12#comments', '/posts/12#comments'],
    ['/profile/3?tab=saved#top', '/profile/3?tab=saved#top'],
    ['/location/S%C3%A3o%20Paulo', '/location/S%C3%A3o%20Paulo'],
    ['/chat?sessionId=4', '/chat?sessionId=4'],
    ['/authors', '/authors'],
  ])('keeps a path on this site: %s', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['posts/12'],
    ['https://evil.example/'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example'],
    ['//evil.example/posts/1'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['/\\/evil.example'],
    ['/posts\\..\\..\\evil'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/ /evil.example'],
    [' /posts/1'],
    ['/posts/1\u0000'],
    ['/\u0085/evil.example'],
    ['/%'],
    [`/${'a'.repeat(2001)}`],
  ])('falls back to "/" for %j', (raw) => {
    expect(safeReturnPath(raw)).toBe('/');
  });

  it.each([['/auth'], ['/auth?returnTo=/auth'], ['/AUTH'], ['/auth/'], ['/auth/verify-email?token=x'], ['/%61uth'], ['/posts/../auth']])(
    'does not lead back to the sign-in page: %s',
    (raw) => {
      expect(safeReturnPath(raw)).toBe('/');
    },
  );

  it('normalises dot segments before it decides', () => {
    expect(safeReturnPath('/auth/../posts/1')).toBe('/posts/1');
  });
});

describe('signInPath', () => {
  it('carries the return address, and the tab for Join Now', () => {
    expect(signInPath('/posts/12?from=feed#comments')).toBe('/auth?returnTo=%2Fposts%2F12%3Ffrom%3Dfeed%23comments');
    expect(signInPath('/posts/12', 'join')).toBe('/auth?tab=join&returnTo=%2Fposts%2F12');
  });

  it('needs no return address for home or a refused one', () => {
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('//evil.example', 'join')).toBe('/auth?tab=join');
  });

  it('reads the current page from a location', () => {
    expect(currentPath({ pathname: '/posts/3', search: '?a=1', hash: '#c' })).toBe('/posts/3?a=1#c');
  });
});
