import { describe, expect, it } from 'vitest';
import { resolveProfileTab } from './profile-tab';

const own = { isOwn: true, isPrivate: false, pendingRequestCount: 0 };
const other = { isOwn: false, isPrivate: false, pendingRequestCount: 0 };
const values = (r: ReturnType<typeof resolveProfileTab>) => r.tabs.map((t) => t.value);

describe('resolveProfileTab', () => {
  it('defaults to posts and ignores unknown tabs', () => {
    expect(resolveProfileTab(null, own).tab).toBe('posts');
    expect(resolveProfileTab('nope', own).tab).toBe('posts');
  });

  it('gives the owner Posts, Saved and Settings, and Requests while requests wait, the account is private or a link asks', () => {
    expect(values(resolveProfileTab('saved', own))).toEqual(['posts', 'saved', 'settings']);
    expect(resolveProfileTab('saved', own).tab).toBe('saved');
    const waiting = resolveProfileTab(null, { ...own, pendingRequestCount: 3 });
    expect(values(waiting)).toEqual(['posts', 'saved', 'requests', 'settings']);
    expect(waiting.tabs[2]).toEqual({ value: 'requests', label: 'Requests', count: 3 });
    expect(values(resolveProfileTab(null, { ...own, isPrivate: true }))).toContain('requests');
    expect(resolveProfileTab('requests', own)).toMatchObject({ tab: 'requests' });
    expect(values(resolveProfileTab('requests', own))).toContain('requests');
  });

  it('gives a visitor Posts only: saved and requests fall back to posts, settings stays (to say it is not theirs)', () => {
    expect(resolveProfileTab('saved', other)).toEqual({ tab: 'posts', tabs: [{ value: 'posts', label: 'Posts' }] });
    expect(resolveProfileTab('requests', { ...other, pendingRequestCount: 2 }).tab).toBe('posts');
    expect(resolveProfileTab('settings', other).tab).toBe('settings');
  });
});
