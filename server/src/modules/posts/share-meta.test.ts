import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHead } from '../../plugins/web-app.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { cutDescription, escapeHtml } from './share-meta.js';

const SHELL = '<!doctype html><html><head><meta charset="utf-8"><title>Plates</title></head><body><div id="root"></div></body></html>';

/** The page without its API answers (plugins/page-data.ts, tested there). */
const withoutPageData = (html: string) => html.replace(/<script type="application\/json" id="page-data">.*?<\/script>/, '');

/** `content` of a meta tag, unescaped, or undefined. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

describe('helpers', () => {
  it('escapes every character that could leave an attribute or open a tag', () => {
    expect(escapeHtml(`"<script>&'`)).toBe('&quot;&lt;script&gt;&amp;&#39;');
  });

  it('cuts descriptions at 150 characters', () => {
    const long = 'word '.repeat(60);
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutDescription('  short   text ')).toBe('short text');
    expect(cutDescription('x'.repeat(200))).toHaveLength(150);
  });

  it('puts the fragment in the head, replacing the shell title, with or without a <head>', () => {
    expect(withHead(SHELL, '<title>X</title>')).toBe(SHELL.replace('<title>Plates</title>', '').replace('</head>', '<title>X</title></head>'));
    expect(withHead('<!doctype html><title>Plates</title><div id="root"></div>', '<title>X</title>')).toBe(
      '<!doctype html><head><title>X</title></head><div id="root"></div>',
    );
  });
});

describe('shared links get the page head', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webShell: SHELL });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes an approved plate, escaping hostile text', async () => {
    const author = await makeUser(t.app, { displayName: 'Eve' });
    const post = await makePost(t.app, {
      userId: author.id,
      title: '"><script>alert(1)</script>',
      description: `Crispy & "golden" <b>fries</b> ${'so good '.repeat(30)}`,
    });
    const res = await t.app.inject(`/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Plates</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(meta(html, 'og:title')).toBe('"><script>alert(1)</script>');
    const description = meta(html, 'description')!;
    expect(description.startsWith('Crispy & "golden" <b>fries</b>')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(150);
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:image')).toBe(`http://localhost:5000${post.imageUrl}`);
    expect(meta(html, 'og:url')).toBe(`http://localhost:5000/posts/${post.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves the plain shell for pending plates, private authors, unknown ids and other pages', async () => {
    const pending = await makePost(t.app, { approvalStatus: 'pending' });
    const priv = await makeUser(t.app, { isPrivate: true });
    const hidden = await makePost(t.app, { userId: priv.id });
    for (const url of [`/posts/${pending.id}`, `/posts/${hidden.id}`, '/posts/999999', '/posts/abc', `/profile/${priv.id}`, '/top-rated']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(withoutPageData(res.body), url).toBe(SHELL);
    }
  });

  it('describes a public profile', async () => {
    const user = await makeUser(t.app, { displayName: 'Chef <Ann>', bio: 'I cook & tell' });
    const html = (await t.app.inject(`/profile/${user.id}?tab=posts`)).body;
    expect(meta(html, 'og:title')).toBe(`Chef <Ann> (@${user.username})`);
    expect(meta(html, 'description')).toBe('I cook & tell');
    expect(meta(html, 'og:url')).toBe(`http://localhost:5000/profile/${user.id}`);
    expect(html).not.toContain('<Ann>');
  });

  // String.replace reads `$&`, `` $` ``, `$'`, `$$` and `$1` in a replacement string: a title that
  // held them once copied the page around itself into og:title (12 script tags, 45 KB).
  const DOLLAR_PATTERNS = ['$`', '$&', "$'", '$$', '$1', '$<x>', '$` $& $\' $$'];

  it.each(DOLLAR_PATTERNS)('keeps %s in a plate title and description as written', async (pattern) => {
    const post = await makePost(t.app, { title: `Pie ${pattern} pie`, description: `Crust ${pattern} crust` });
    const html = (await t.app.inject(`/posts/${post.id}`)).body;
    expect(meta(html, 'og:title')).toBe(`Pie ${pattern} pie`);
    expect(meta(html, 'description')).toBe(`Crust ${pattern} crust`);
    expect(meta(html, 'og:description')).toBe(`Crust ${pattern} crust`);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(withoutPageData(html).length).toBeLessThan(SHELL.length + 2000);
  });

  it.each(DOLLAR_PATTERNS)('keeps %s in a display name and bio as written', async (pattern) => {
    const user = await makeUser(t.app, { displayName: `Ann ${pattern}`, bio: `Bio ${pattern} bio` });
    const html = (await t.app.inject(`/profile/${user.id}`)).body;
    expect(meta(html, 'og:title')).toBe(`Ann ${pattern} (@${user.username})`);
    expect(meta(html, 'description')).toBe(`Bio ${pattern} bio`);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(withoutPageData(html).length).toBeLessThan(SHELL.length + 2000);
  });

  it.each(DOLLAR_PATTERNS)('keeps %s as written in a shell without a <head> too', (pattern) => {
    const fragment = `<title>${pattern}</title>`;
    expect(withHead(SHELL, fragment)).toBe(`<!doctype html><html><head><meta charset="utf-8">${fragment}</head><body><div id="root"></div></body></html>`);
    expect(withHead('<html><head lang="en"><body>', fragment)).toBe(`<html><head lang="en">${fragment}<body>`);
    expect(withHead('<!doctype html><div id="root"></div>', fragment)).toBe(`<!doctype html><head>${fragment}</head><div id="root"></div>`);
  });
});
