import type { PostDto } from '@plates/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { FakeObserver } from '../../../test/intersection-observer';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { SIMILAR_LIMIT, SIMILAR_MARGIN, SimilarPlates } from './similar-plates';

afterEach(() => {
  FakeObserver.instances = [];
});

function Tile({ post }: { post: PostDto }) {
  return <li>{post.title}</li>;
}

const similar = (posts: PostDto[]) => ({ 'GET /api/posts/5/similar': { body: { posts } } });

describe('SimilarPlates', () => {
  it('asks only once the section scrolls near, then shows up to six tiles under its heading', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const posts = Array.from({ length: 7 }, (_, i) => makePost({ id: 10 + i, title: `Plate ${i}` }));
    const api = stubFetch({ 'GET /api/user': signedOutReply, ...similar(posts) });
    renderWithApp(<SimilarPlates postId={5} Tile={Tile} />);
    await waitFor(() => expect(FakeObserver.instances[0]?.nodes).toHaveLength(1));
    expect(FakeObserver.instances[0]!.options?.rootMargin).toBe(SIMILAR_MARGIN);
    expect(api.callsTo('GET', '/api/posts/5/similar')).toHaveLength(0);

    act(() => FakeObserver.instances[0]!.showAll());
    const section = await screen.findByRole('region', { name: 'Similar plates' });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      posts.slice(0, SIMILAR_LIMIT).map((p) => p.title),
    );
    expect(api.callsTo('GET', '/api/posts/5/similar')[0]!.url.searchParams.get('limit')).toBe(String(SIMILAR_LIMIT));
  });

  it.each([
    ['finds none', { body: { posts: [] } }],
    ['fails', { status: 503, body: { message: 'Busy', code: 'SERVICE_UNAVAILABLE' } }],
  ])('is hidden when it %s', async (_what, reply) => {
    const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/5/similar': reply });
    // no IntersectionObserver in jsdom: asked at once
    renderWithApp(<SimilarPlates postId={5} Tile={Tile} />);
    await waitFor(() => expect(api.callsTo('GET', '/api/posts/5/similar')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Similar plates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Similar plates' })).not.toBeInTheDocument();
  });
});
