// The feed while photo analysis runs at full speed (issue 17's bar: the signed-in feed's p99
// within 20% of its p99 without analysis). A driver keeps `concurrency` photo analyses in flight
// against the running server (`POST /api/analysis/photo`, as the upload dialog sends them), each
// photo's bytes new so the server's cache never answers, spread over several members so no one
// member meets the route's rate limit; the caller measures the feed meanwhile.
import sharp from 'sharp';
import { photo } from '../test/media.fixtures.js';

export interface AnalysisLoadFigures {
  analysed: number;
  /** 503: the pool's queue was full (back-pressure), as the dialog would be told. */
  busy: number;
  /** 429: a member's rate limit. */
  limited: number;
  errors: number;
  seconds: number;
}

/** `count` distinct 1024 px JPEGs of the coffee photograph (the hue turned a degree each). */
export async function distinctPhotos(count: number): Promise<Buffer[]> {
  const base = await sharp(photo('coffee')).resize(1024, 1024, { fit: 'inside' }).toBuffer();
  return Promise.all(Array.from({ length: count }, (_, i) => sharp(base).modulate({ hue: i }).jpeg({ quality: 88 }).toBuffer()));
}

/** Starts the driver; `stop()` waits for the analyses in flight and answers what happened. */
export function driveAnalysis(base: string, tokens: string[], photos: Buffer[], concurrency: number): { stop(): Promise<AnalysisLoadFigures> } {
  const figures: AnalysisLoadFigures = { analysed: 0, busy: 0, limited: 0, errors: 0, seconds: 0 };
  const started = performance.now();
  let running = true;
  let next = 0;
  const one = async (): Promise<void> => {
    const i = next++;
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photos[i % photos.length]!)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    form.append('title', 'Espresso on a red saucer');
    try {
      const answer = await fetch(`${base}/api/analysis/photo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        body: form,
      });
      await answer.arrayBuffer();
      if (answer.ok) figures.analysed += 1;
      else if (answer.status === 503) figures.busy += 1;
      else if (answer.status === 429) figures.limited += 1;
      else figures.errors += 1;
      // A refused one waits a moment, as a person would before trying again.
      if (!answer.ok) await new Promise((r) => setTimeout(r, 200));
    } catch {
      figures.errors += 1;
    }
  };
  const lanes = Array.from({ length: concurrency }, async () => {
    while (running) await one();
  });
  return {
    async stop() {
      running = false;
      await Promise.all(lanes);
      figures.seconds = Math.round((performance.now() - started) / 100) / 10;
      return figures;
    },
  };
}
