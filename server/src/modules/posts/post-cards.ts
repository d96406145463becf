import { PostDto } from '@plates/common';
import { z } from 'zod';

/**
 * Plate cards held in this instance's memory: a plate as every viewer sees it, without the
 * viewer's own flags (`isSaved`, `userRating`), which each request reads fresh.
 *
 * A card never decides who may see a plate: every list picks its ids by the viewer's audience
 * rule in SQL, and the plate page checks access per viewer, in the same statement that reads the
 * viewer's flags and each plate's current `version` (`cardVersion`: the row versions of the plate
 * and its author, and the author's badge). A card is used only when its version is that one, so
 * a rating, an edit, a moderation decision, a renamed or suspended author or a new badge shows at
 * once, on every instance, whoever wrote it (SQL by hand included); likes too, since their count
 * is on the plate's row. `ttlMs` lets cards of plates nobody reads any more go.
 */
export interface Card {
  /** The plate with `isSaved: false` and `userRating: null`. */
  dto: PostDto;
  version: string;
  /** The card's JSON before and after `"isSaved":…,"userRating":…` (see `cardJson`). */
  head: string;
  tail: string;
}

const FLAGS = '"isSaved":false,"userRating":null';

/** A card from a plate as everyone sees it, with its JSON split around the viewer's flags. */
export function toCard(dto: PostDto, version: string): Card {
  // Encoded through the answer's schema once: what leaves the server is checked, in its key order.
  const plain = z.encode(PostDto, { ...dto, isSaved: false, userRating: null });
  const json = JSON.stringify(plain);
  // Quotes inside string values are escaped, so the unescaped text can only be the keys themselves.
  const at = json.indexOf(FLAGS);
  if (at < 0 || json.indexOf(FLAGS, at + 1) >= 0) throw new Error('a card must hold its flags exactly once');
  return { dto: plain, version, head: json.slice(0, at), tail: json.slice(at + FLAGS.length) };
}

/** The viewer's own marks on a plate. */
export interface Flags {
  saved: boolean;
  rating: number | null;
}
export const NO_FLAGS: Flags = { saved: false, rating: null };

/** The card's JSON with the viewer's flags: exactly `JSON.stringify` of `cardDto(card, flags)`. */
export function cardJson(card: Card, flags: Flags): string {
  const rating = flags.rating === null ? 'null' : String(Math.trunc(flags.rating));
  return `${card.head}"isSaved":${flags.saved ? 'true' : 'false'},"userRating":${rating}${card.tail}`;
}

/** The card as a PostDto with the viewer's flags. */
export function cardDto(card: Card, flags: Flags): PostDto {
  return { ...card.dto, isSaved: flags.saved, userRating: flags.rating };
}

export interface CardCache {
  /**
   * The cards of these plates at these versions. Cards not held at that version are loaded with
   * one call of `load` (which answers them at whatever version they have by then); plates it does
   * not answer (deleted meanwhile) are left out.
   */
  get(versions: ReadonlyMap<number, string>, load: (ids: number[]) => Promise<Card[]>): Promise<Map<number, Card>>;
  clear(): void;
  readonly size: number;
}

export function createCardCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): CardCache {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<number, { until: number; card: Card }>();
  /** Loads in flight by `id@version`, shared by concurrent requests for the same card. */
  const inflight = new Map<string, Promise<Card | undefined>>();

  /** The card loaded last is kept (re-inserted, so the oldest go first when full). */
  function keep(card: Card): void {
    entries.delete(card.dto.id);
    entries.set(card.dto.id, { until: now() + options.ttlMs, card });
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async get(versions, load) {
      const at = now();
      const found = new Map<number, Card>();
      const waits: Array<Promise<void>> = [];
      const missing: Array<[number, string]> = [];
      for (const [id, version] of versions) {
        const hit = entries.get(id);
        if (hit && hit.until > at && hit.card.version === version) {
          found.set(id, hit.card);
          continue;
        }
        const pending = inflight.get(`${id}@${version}`);
        if (pending) {
          waits.push(
            pending.then((card) => {
              if (card) found.set(id, card);
            }),
          );
        } else {
          missing.push([id, version]);
        }
      }
      if (missing.length > 0) {
        const loaded = load(missing.map(([id]) => id)).then((cards) => new Map(cards.map((c) => [c.dto.id, c])));
        const mine = missing.map(([id, version]) => [`${id}@${version}`, loaded.then((m) => m.get(id))] as const);
        for (const [key, promise] of mine) {
          promise.catch(() => undefined);
          inflight.set(key, promise);
        }
        try {
          const cards = await loaded;
          for (const [id] of missing) {
            const card = cards.get(id);
            if (!card) continue;
            found.set(id, card);
            keep(card);
          }
        } finally {
          for (const [key, promise] of mine) if (inflight.get(key) === promise) inflight.delete(key);
        }
      }
      await Promise.all(waits);
      return found;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
