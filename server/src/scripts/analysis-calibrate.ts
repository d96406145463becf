import { createPhotoAnalyzer } from '../modules/analysis/engine/pool.js';
import { buildAnalysisSet } from '../test/analysis-set.js';

/**
 * Prints what the analysis engine measures on each photo of the labelled set (src/test/analysis-set.ts):
 * the quality metrics its thresholds (engine/quality.ts) were chosen from, the tips, and the food and
 * NSFW answers. `npx tsx src/scripts/analysis-calibrate.ts` from server/.
 */
const pool = createPhotoAnalyzer({ workers: 1 });
try {
  for (const item of await buildAnalysisSet()) {
    const result = await pool.analyze(item.image, { quality: true, nsfw: true, food: true, embedding: false }, { nsfwHold: 0.7, foodMin: 0.3 });
    const q = result.quality!;
    const m = q.metrics;
    const wrong = [...item.tips.filter((t) => !q.tips.includes(t)), ...item.notTips.filter((t) => q.tips.includes(t)).map((t) => `!${t}`)];
    const foodWrong = item.food !== null && item.food !== result.food!.found;
    console.log(
      [
        item.name.padEnd(22),
        `score ${String(q.score).padStart(3)}`,
        `bright ${m.brightness} white ${m.whiteShare} sharp ${m.sharpness} colour ${m.colourfulness} noise ${m.noise} area ${m.subjectArea}${m.subjectFromDetector ? '(det)' : ''}`,
        `tips [${q.tips.join(',')}]${wrong.length ? ` WRONG ${wrong.join(',')}` : ''}`,
        `food ${result.food!.found} [${result.food!.labels.map((l) => `${l.name} ${l.score}`).join(', ')}] best ${result.food!.best?.name} ${result.food!.best?.score}${foodWrong ? ' WRONG' : ''}`,
        `nsfw ${result.nsfw!.held ? 'HELD' : 'ok'} p+h ${(result.nsfw!.scores.porn! + result.nsfw!.scores.hentai!).toFixed(3)}`,
      ].join(' | '),
    );
  }
} finally {
  await pool.close();
}
