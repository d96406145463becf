import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openSwipeModal } from '../../../lib/app-events';
import { stubFetch } from '../../../test/fetch';
import { feedPage, makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { postKeys } from '../api/keys';
import { swipeDirection } from '../hooks/use-swipe';
import { SwipeViewerHost } from './swipe-viewer';

describe('swipe viewer', () => {
  it('opens on openSwipeModal over the loaded plates; arrows, buttons and Escape', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'GET /api/user': signedOutReply });
    const key = postKeys.feed({});
    const { queryClient } = renderWithApp(<SwipeViewerHost queryKey={key} />);
    queryClient.setQueryData(key, {
      pages: [feedPage([makePost({ id: 1, title: 'One' }), makePost({ id: 2, title: 'Two' }), makePost({ id: 3, title: 'Three' })])],
      pageParams: [null],
    });
    act(() => openSwipeModal(2));
    const dialog = await screen.findByRole('dialog', { name: 'Two' });
    expect(screen.getByText('Swipe to browse plates')).toBeInTheDocument();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    expect(screen.getByRole('dialog', { name: 'Three' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next plate' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous plate' }));
    await user.keyboard('[ArrowLeft]');
    expect(screen.getByRole('dialog', { name: 'One' })).toBeInTheDocument();
    // a real touch carries both lists; Radix's scroll lock reads changedTouches on touchstart
    const start = { clientX: 300, clientY: 10 };
    fireEvent.touchStart(screen.getByRole('dialog'), { touches: [start], changedTouches: [start] });
    fireEvent.touchEnd(screen.getByRole('dialog'), { touches: [], changedTouches: [{ clientX: 240, clientY: 20 }] });
    expect(screen.getByRole('dialog', { name: 'Two' })).toBeInTheDocument();
    await user.keyboard('[Escape]');
    expect(dialog).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/api/user']); // no extra requests
  });

  it('needs 50 px of mostly horizontal movement', () => {
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(-50, 10)).toBe('next');
    expect(swipeDirection(60, 5)).toBe('previous');
    expect(swipeDirection(60, 80)).toBeNull();
  });
});
