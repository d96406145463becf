import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Markdown, { safeUrl } from './markdown';

const HOSTILE = [
  '# Welcome',
  '<script>window.__pwned = true</script>',
  '<img src="x" onerror="window.__pwned = true">',
  '<a href="https://example.com" onclick="window.__pwned = true">html link</a>',
  '[click me](javascript:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](  JaVaScRiPt:alert(1))',
  '![pic](javascript:alert(1))',
  '<iframe src="https://example.com"></iframe>',
  '**bold** and [a fine link](https://example.com/guide) and [home](/about)',
].join('\n\n');

describe('Markdown', () => {
  it('renders a hostile document inert: no script, no handlers, no javascript: or data: links, no raw HTML', () => {
    const { container } = render(<Markdown>{HOSTILE}</Markdown>);
    expect(container.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull();
    const html = container.innerHTML;
    expect(html).not.toMatch(/javascript:|data:|onerror|onclick|<script/i);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['click me', null],
      ['data', null],
      ['vb', null],
      ['a fine link', 'https://example.com/guide'],
      ['home', '/about'],
    ]);
    expect(links[3]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.querySelector('h2')).toHaveTextContent('Welcome');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
  });

  it('keeps only http(s), mailto and on-site addresses', () => {
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeUrl('mailto:team@example.com')).toBe('mailto:team@example.com');
    expect(safeUrl('/guidelines#kind')).toBe('/guidelines#kind');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('vbscript:x')).toBe('');
    expect(safeUrl('data:text/html,x')).toBe('');
  });
});
