import { PostDto } from '@plates/common';
import { describe, expect, it } from 'vitest';
import { cardDto, cardJson, createCardCache, toCard, type Card } from './post-cards.js';

function dto(id: number, title = `Plate ${id}`): PostDto {
  return {
    id,
    userId: 7,
    title,
    description: null,
    location: 'Lisbon',
    imageUrl: '/uploads/a.webp',
    image: { url: '/uploads/a.webp', width: 10, height: 10, aspect: 'square', placeholder: null, variants: [], alt: null },
    createdAt: '2026-11-27T10:00:00.000Z',
    averageRating: 4.5,
    ratingCount: 2,
    commentCount: 0,
    likeCount: 1,
    isSaved: false,
    userRating: null,
    categories: [{ id: 1, name: 'Italian' }],
    approvalStatus: 'approved',
    rejectionReason: null,
    user: { id: 7, username: 'cook', displayName: null, profileImage: null, isAdmin: false, points: 3, level: 1, isVerified: false, verifiedType: null },
  };
}

describe('cardJson', () => {
  it('is exactly the JSON of the plate with the viewer’s flags, whatever the plate’s text holds', () => {
    const titles = ['Plain', '"isSaved":false,"userRating":null', 'a "quoted" \\ title', 'emoji 🍝 and \u2028'];
    for (const title of titles) {
      const card = toCard(dto(1, title), 'v1');
      for (const flags of [{ saved: false, rating: null }, { saved: true, rating: 4 }, { saved: false, rating: 1 }]) {
        const json = cardJson(card, flags);
        expect(json).toBe(JSON.stringify(cardDto(card, flags)));
        expect(PostDto.parse(JSON.parse(json))).toMatchObject({ title, isSaved: flags.saved, userRating: flags.rating });
      }
    }
  });

  it('never carries the flags of the plate it was made from', () => {
    const card = toCard({ ...dto(2), isSaved: true, userRating: 5 }, 'v1');
    expect(card.dto).toMatchObject({ isSaved: false, userRating: null });
    expect(JSON.parse(cardJson(card, { saved: false, rating: null }))).toMatchObject({ isSaved: false, userRating: null });
  });
});

describe('createCardCache', () => {
  const loader = (version: string) => {
    const calls: number[][] = [];
    const load = async (ids: number[]): Promise<Card[]> => {
      calls.push([...ids]);
      return ids.filter((id) => id !== 404).map((id) => toCard(dto(id), version));
    };
    return { calls, load };
  };
  const at = (entries: Array<[number, string]>) => new Map(entries);

  it('loads what it does not hold in one call, then answers from memory at the same version', async () => {
    const cache = createCardCache({ ttlMs: 10_000, maxEntries: 100 });
    const { calls, load } = loader('v1');
    const first = await cache.get(at([[1, 'v1'], [2, 'v1']]), load);
    expect([...first.keys()].sort()).toEqual([1, 2]);
    const second = await cache.get(at([[1, 'v1'], [2, 'v1'], [3, 'v1']]), load);
    expect(second.size).toBe(3);
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it('loads a card again when the plate’s version moved, and leaves out plates that are gone', async () => {
    const cache = createCardCache({ ttlMs: 10_000, maxEntries: 100 });
    await cache.get(at([[1, 'v1']]), loader('v1').load);
    const { calls, load } = loader('v2');
    const found = await cache.get(at([[1, 'v2'], [404, 'v1']]), load);
    expect(calls).toEqual([[1, 404]]);
    expect(found.get(1)?.version).toBe('v2');
    expect(found.has(404)).toBe(false);
  });

  it('shares one load between concurrent requests for the same card', async () => {
    const cache = createCardCache({ ttlMs: 10_000, maxEntries: 100 });
    const { calls, load } = loader('v1');
    const [a, b] = await Promise.all([cache.get(at([[5, 'v1']]), load), cache.get(at([[5, 'v1']]), load)]);
    expect(calls).toEqual([[5]]);
    expect(a.get(5)).toBe(b.get(5));
  });

  it('forgets a card after ttlMs and keeps at most maxEntries, the oldest going first', async () => {
    let clock = 0;
    const cache = createCardCache({ ttlMs: 1000, maxEntries: 2, now: () => clock });
    const { calls, load } = loader('v1');
    await cache.get(at([[1, 'v1'], [2, 'v1'], [3, 'v1']]), load);
    expect(cache.size).toBe(2);
    await cache.get(at([[2, 'v1'], [3, 'v1']]), load);
    expect(calls).toHaveLength(1);
    await cache.get(at([[1, 'v1']]), load);
    expect(calls.at(-1)).toEqual([1]);
    clock = 1001;
    await cache.get(at([[1, 'v1']]), load);
    expect(calls.at(-1)).toEqual([1]);
    expect(calls).toHaveLength(3);
  });

  it('keeps nothing from a failed load, and the next request loads again', async () => {
    const cache = createCardCache({ ttlMs: 10_000, maxEntries: 100 });
    await expect(cache.get(at([[1, 'v1']]), () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const { calls, load } = loader('v1');
    expect((await cache.get(at([[1, 'v1']]), load)).size).toBe(1);
    expect(calls).toEqual([[1]]);
  });
});
