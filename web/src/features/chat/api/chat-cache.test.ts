import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../../test/chat';
import { previewOf, withMessage, withRead, type ThreadPages } from './chat-cache';
import { flattenThread } from './thread-pages';

const thread = (...pages: ReturnType<typeof makeMessage>[][]): ThreadPages => ({
  pages: pages.map((messages, i) => ({ sessionId: 5, messages, hasMore: i < pages.length - 1, otherLastReadMessageId: null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : 1)),
});

describe('chat cache', () => {
  it('appends a new message once, by id and by tempId', () => {
    let data = withMessage(thread([makeMessage({ id: 1 })]), makeMessage({ id: 2, tempId: 't-2' }));
    data = withMessage(data, makeMessage({ id: 2, tempId: 't-2' }));
    expect(flattenThread(data).map((m) => m.id)).toEqual([1, 2]);
    data = withMessage(thread([makeMessage({ id: -1, tempId: 't-3', status: 'sending' })]), makeMessage({ id: 3, tempId: 't-3' }));
    expect(flattenThread(data).map((m) => [m.id, m.status])).toEqual([[3, 'sent']]);
    expect(withMessage(undefined, makeMessage())).toBeUndefined();
  });

  it('flattens pages oldest first without duplicates and marks read up to the marker', () => {
    const data = thread([makeMessage({ id: 3 }), makeMessage({ id: 4, senderId: 7 })], [makeMessage({ id: 2 }), makeMessage({ id: 3 })]);
    expect(flattenThread(data).map((m) => m.id)).toEqual([2, 3, 4]);
    const read = withRead(data, { sessionId: 5, userId: 11, lastReadMessageId: 4 });
    expect(flattenThread(read).find((m) => m.id === 4)?.status).toBe('read');
    expect(flattenThread(read).find((m) => m.id === 3)?.status).toBe('sent'); // Bo's own message
  });

  it('cuts the toast preview at 50 characters', () => {
    expect(previewOf('short')).toBe('short');
    expect(previewOf('x'.repeat(60))).toBe(`${'x'.repeat(50)}...`);
  });
});
