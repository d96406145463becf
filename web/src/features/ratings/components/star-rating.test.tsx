import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { useRatePost } from '../hooks/use-rate-post';
import { StarRating } from './star-rating';
import { RATING_SETTLE_MS, YourRating } from './your-rating';

function Controlled({ onChange }: { onChange: (n: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <StarRating
      label="Rate this plate"
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
    />
  );
}

describe('StarRating', () => {
  it('is one radio group with one tab stop, driven by arrows, Home/End, Space and clicks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <button type="button">before</button>
        <Controlled onChange={onChange} />
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Rate this plate' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByText('before'));
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('[Space]');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('[ArrowRight][ArrowRight]');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('[End]');
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.keyboard('[ArrowLeft]');
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.keyboard('[Home]');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    // leaving and coming back lands on the chosen star
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveFocus();
  });
});

function RateButton({ post }: { post: ReturnType<typeof makePost> }) {
  const { rate } = useRatePost(post, () => undefined);
  return (
    <button type="button" onClick={() => rate(4)}>
      rate
    </button>
  );
}

describe('rating a plate', () => {
  it('sends only the star the keyboard stops on, then confirms', async () => {
    localStorage.setItem('auth_token', 't');
    const post = makePost({ userRating: null });
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      [`POST /api/posts/${post.id}/rate`]: (req) => ({ body: { ...post, userRating: (req.body as { rating: number }).rating } }),
    });
    const user = userEvent.setup();
    const onRated = vi.fn();
    renderWithApp(<YourRating post={post} onRated={onRated} />);
    expect(screen.getByText('Tap stars to rate')).toBeInTheDocument();
    await screen.findByRole('radiogroup', { name: 'Rate this plate' });
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('[ArrowRight][ArrowRight]');
    expect(await screen.findByText('Your rating has been submitted!', {}, { timeout: RATING_SETTLE_MS + 2000 })).toBeInTheDocument();
    const sent = api.callsTo('POST', `/api/posts/${post.id}/rate`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ rating: 4 });
    expect(onRated).toHaveBeenCalledExactlyOnceWith({ ...post, userRating: 4 });
  });

  it('refuses the owner and asks a guest to log in, without a request', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const api = stubFetch({ 'GET /api/user': { body: sampleUser } });
    const own = renderWithApp(<RateButton post={makePost({ userId: 7 })} />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    await user.click(screen.getByText('rate'));
    expect(await screen.findByText("Can't rate your own plate")).toBeInTheDocument();
    expect(screen.getByText("You cannot rate plates you've posted (but you can still comment)")).toBeInTheDocument();
    own.unmount();

    localStorage.clear();
    const guestApi = stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(<RateButton post={makePost()} />);
    await vi.waitFor(() => expect(guestApi.calls).toHaveLength(1));
    await user.click(screen.getByText('rate'));
    expect(await screen.findByText('Please log in to rate this plate')).toBeInTheDocument();
    expect(guestApi.calls).toHaveLength(1);
  });

  it('reports a failed rating with the server message', async () => {
    localStorage.setItem('auth_token', 't');
    const post = makePost();
    stubFetch({
      'GET /api/user': { body: sampleUser },
      [`POST /api/posts/${post.id}/rate`]: { status: 429, body: { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' } },
    });
    const user = userEvent.setup();
    const onRated = vi.fn();
    renderWithApp(<YourRating post={post} onRated={onRated} />);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    expect(
      await screen.findByText('Failed to submit rating: Too many requests. Please wait a moment and try again.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(onRated).not.toHaveBeenCalled();
  });
});
