import type { Cuisine } from '@plates/common';

/**
 * Cuisine suggestions (docs/decisions/0038): a multinomial naive Bayes over the words of the titles
 * and descriptions of the site's own approved, tagged plates, blended with the cuisines of the
 * visually nearest approved plates. Small and in-process: a few thousand words times 16 classes.
 */

export interface TaggedText {
  text: string;
  cuisines: Cuisine[];
}

export interface Suggestion {
  name: Cuisine;
  confidence: number;
}

/** Words of a title or description: lower-cased, accents folded, letters only, no stop words. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
}

/**
 * What the model counts: the words, and the three-letter pieces of each word (with its edges), so
 * a dish it never saw still speaks through its parts ("tagine" and "tajine", "curry" in "currywurst").
 */
export function features(text: string): string[] {
  const out: string[] = [];
  for (const word of tokens(text)) {
    out.push(word);
    const padded = `<${word}>`;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(`#${padded.slice(i, i + 3)}`);
  }
  return out;
}

const STOP_WORDS = new Set(
  'a an and the of with in on at to for from my our your his her its is are was were be this that these those some any very so too just or by as it we i me you homemade home made fresh best tonight today dinner lunch breakfast plate'.split(
    ' ',
  ),
);

export interface CuisineModel {
  /** Tagged plates the model was fitted on. */
  size: number;
  /** Posterior over the classes given the words; undefined when no word of the text is known. */
  predict(text: string): Map<Cuisine, number> | undefined;
}

/** Laplace smoothing of word counts. */
const ALPHA = 0.5;

export function fitCuisineModel(examples: TaggedText[]): CuisineModel {
  const docs = new Map<Cuisine, number>();
  const words = new Map<Cuisine, Map<string, number>>();
  const totals = new Map<Cuisine, number>();
  const vocabulary = new Set<string>();
  let count = 0;
  for (const example of examples) {
    const ws = features(example.text);
    if (ws.length === 0 || example.cuisines.length === 0) continue;
    count += 1;
    // A plate tagged with two cuisines counts half for each.
    const weight = 1 / example.cuisines.length;
    for (const c of example.cuisines) {
      docs.set(c, (docs.get(c) ?? 0) + weight);
      const counts = words.get(c) ?? new Map<string, number>();
      words.set(c, counts);
      for (const w of ws) {
        counts.set(w, (counts.get(w) ?? 0) + weight);
        totals.set(c, (totals.get(c) ?? 0) + weight);
        vocabulary.add(w);
      }
    }
  }
  const classes = [...docs.keys()];
  const docTotal = [...docs.values()].reduce((a, b) => a + b, 0);
  const v = vocabulary.size;

  return {
    size: count,
    predict(text) {
      const known = features(text).filter((w) => vocabulary.has(w));
      if (known.length === 0 || classes.length === 0) return undefined;
      const logs = classes.map((c) => {
        let score = Math.log((docs.get(c) ?? 0) / docTotal);
        const counts = words.get(c);
        const denominator = (totals.get(c) ?? 0) + ALPHA * v;
        for (const w of known) score += Math.log(((counts?.get(w) ?? 0) + ALPHA) / denominator);
        return score;
      });
      const top = Math.max(...logs);
      const exp = logs.map((l) => Math.exp(l - top));
      const sum = exp.reduce((a, b) => a + b, 0);
      return new Map(classes.map((c, i) => [c, exp[i]! / sum]));
    },
  };
}

/** A nearby approved plate's cuisines and how far its photo is (cube distance between unit vectors, 0-2). */
export interface Neighbour {
  distance: number;
  cuisines: Cuisine[];
}

/** Votes of the nearest plates, each weighted by closeness, as a distribution over cuisines. */
export function neighbourVotes(neighbours: Neighbour[]): Map<Cuisine, number> | undefined {
  const votes = new Map<Cuisine, number>();
  let total = 0;
  for (const n of neighbours) {
    if (n.cuisines.length === 0) continue;
    const weight = 1 / (1 + 4 * n.distance);
    for (const c of n.cuisines) {
      votes.set(c, (votes.get(c) ?? 0) + weight / n.cuisines.length);
      total += weight / n.cuisines.length;
    }
  }
  if (total === 0) return undefined;
  return new Map([...votes].map(([c, w]) => [c, w / total]));
}

export const SUGGESTION_LIMIT = 3;
/** Nothing below this confidence is suggested. */
export const SUGGESTION_FLOOR = 0.25;
/** How much the words count against the look-alike plates when both speak. */
export const TEXT_WEIGHT = 0.65;

/** The two opinions blended: up to three cuisines, best first, none below the floor. */
export function combine(text: Map<Cuisine, number> | undefined, visual: Map<Cuisine, number> | undefined): Suggestion[] {
  const mixed = new Map<Cuisine, number>();
  const [wt, wv] = text && visual ? [TEXT_WEIGHT, 1 - TEXT_WEIGHT] : [1, 1];
  for (const [c, p] of text ?? []) mixed.set(c, (mixed.get(c) ?? 0) + wt * p);
  for (const [c, p] of visual ?? []) mixed.set(c, (mixed.get(c) ?? 0) + wv * p);
  return [...mixed]
    .map(([name, p]) => ({ name, confidence: Math.round(Math.min(1, p) * 100) / 100 }))
    .filter((s) => s.confidence >= SUGGESTION_FLOOR)
    .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name))
    .slice(0, SUGGESTION_LIMIT);
}
