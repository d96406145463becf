import { describe, expect, it } from 'vitest';
import { SUSPENSION_APPEAL_LINE, strikeNotice } from './moderation.js';

describe('strikeNotice', () => {
  it('ends a reason written without a full stop before the appeal sentence starts', () => {
    expect(strikeNotice({ type: 'warn', reason: 'Keep it kind', until: null })).toMatch(/^A moderator warned you: Keep it kind\. If you think/);
    expect(strikeNotice({ type: 'suspend', reason: '  Harassment in chat ', until: new Date('2026-12-04T12:00:00Z') })).toBe(
      `Your account is suspended until 4 Dec 2026. Reason: Harassment in chat. ${SUSPENSION_APPEAL_LINE}`,
    );
  });

  it('keeps a reason that already ends its sentence as written', () => {
    expect(strikeNotice({ type: 'warn', reason: 'Last warning!', until: null })).toMatch(/: Last warning! If you think/);
    expect(strikeNotice({ type: 'restrict', reason: 'Spam.', until: null })).toMatch(/Reason: Spam\. If you think/);
  });

  it('sends a suspended member to the sign-in page and everyone else to Settings', () => {
    expect(strikeNotice({ type: 'suspend', reason: 'Spam', until: null })).toContain('sign in on the sign-in page and choose Appeal');
    expect(strikeNotice({ type: 'remove_content', reason: 'Spam', until: null, label: 'Ramen', targetType: 'comment' })).toBe(
      'A moderator removed your comment "Ramen": Spam. If you think this is a mistake, you can appeal within 20 days from Settings, Your account.',
    );
  });
});
