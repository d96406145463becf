import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const n = (type: string, extra: { postId?: number | null; actorId?: number | null; metadata?: string | null } = {}) => ({
  type,
  postId: 5,
  actorId: 9,
  metadata: null,
  ...extra,
});

describe('notificationTarget (document 1 §4)', () => {
  it.each([
    ['comment', '/posts/5'],
    ['rating', '/posts/5'],
    ['like', '/posts/5'],
    ['reply', '/posts/5'],
    ['post_approved', '/posts/5'],
    ['post_rejected', '/posts/5'],
    ['follow', '/profile/9'],
    ['chat_request', '/chat?tab=requests'],
    ['chat_request_accepted', '/chat?tab=messages'],
    ['system', '/posts/5'],
    ['follow_accepted', '/profile/9'],
    ['something_new', '/posts/5'],
  ])('%s goes to %s', (type, path) => {
    expect(notificationTarget(n(type))).toEqual({ path });
  });

  it('follow_request opens the viewer\'s Requests tab, achievement the viewer\'s profile', () => {
    expect(notificationTarget(n('follow_request'), 3)).toEqual({ path: '/profile/3?tab=requests' });
    expect(notificationTarget(n('achievement'), 3)).toEqual({ path: '/profile/3' });
    expect(notificationTarget(n('follow_accepted'), 3)).toEqual({ path: '/profile/9' });
    // without a known viewer: the requester's profile, and the post or actor for an achievement
    expect(notificationTarget(n('follow_request'))).toEqual({ path: '/profile/9' });
    expect(notificationTarget(n('achievement'))).toEqual({ path: '/posts/5' });
    expect(notificationTarget(n('achievement', { postId: null, actorId: null }))).toEqual({ path: null });
  });

  it('other types without a post go to the actor, and with neither nowhere', () => {
    expect(notificationTarget(n('system', { postId: null }))).toEqual({ path: '/profile/9' });
    expect(notificationTarget(n('system', { postId: null, actorId: null }))).toEqual({ path: null });
  });

  it('message and new_message open /chat, then the session, else the actor', () => {
    expect(notificationTarget(n('new_message', { metadata: '{"sessionId":12}' }))).toEqual({ path: '/chat', then: '/chat?sessionId=12' });
    expect(notificationTarget(n('message', { metadata: '{"sessionId":"34"}' }))).toEqual({ path: '/chat', then: '/chat?sessionId=34' });
    expect(notificationTarget(n('message', { metadata: 'not json' }))).toEqual({ path: '/chat', then: '/profile/9' });
    expect(notificationTarget(n('new_message', { metadata: '{"other":1}' }))).toEqual({ path: '/chat', then: '/profile/9' });
    expect(notificationTarget(n('new_message', { metadata: null, actorId: null }))).toEqual({ path: '/chat' });
  });

  it('moderation opens the viewer\'s Settings; report_outcome the plate, else nothing', () => {
    expect(notificationTarget(n('moderation'), 3)).toEqual({ path: '/profile/3?tab=settings' });
    expect(notificationTarget(n('moderation'))).toEqual({ path: null });
    expect(notificationTarget(n('report_outcome'), 3)).toEqual({ path: '/posts/5' });
    expect(notificationTarget(n('report_outcome', { postId: null }), 3)).toEqual({ path: null });
  });
});
