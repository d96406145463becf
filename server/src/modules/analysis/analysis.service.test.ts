// The service's rules with fakes: when the cuisine model is fitted again (the tagged plates grew by
// a tenth, or an hour passed; counted at most once a minute).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_PARTS } from '@plates/common';
import { createJobs } from '../../lib/jobs.js';
import { localChangeBus } from '../security/block-list.js';
import { fakeAnalyzer } from '../../test/fake-analyzer.js';
import { sized } from '../../test/media.fixtures.js';
import type { AnalysisRepository } from './analysis.repository.js';
import { createAnalysisService } from './analysis.service.js';

function setup() {
  let clock = 0;
  const site = { tagged: 100, fits: 0 };
  const repo = {
    parts: async () => new Map(ANALYSIS_PARTS.map((p) => [p, true] as const)),
    thresholdsText: async () => undefined,
    taggedCount: async () => site.tagged,
    trainingSet: async () => {
      site.fits += 1;
      return [{ text: 'Pad thai', cuisines: ['Thai' as const] }];
    },
    neighbours: async () => [],
  } as unknown as AnalysisRepository;
  const logger = pino({ level: 'silent' });
  const service = createAnalysisService({
    repo,
    analyzer: fakeAnalyzer(),
    media: { normalise: async (bytes) => bytes },
    points: { cancel: async () => 0 },
    audit: { record: async () => {} },
    jobs: createJobs(logger),
    access: { mayOpen: async () => true },
    postsByIds: async () => [],
    onPublicChange: () => {},
    bus: localChangeBus(),
    logger,
    now: () => clock,
  });
  return { service, site, advance: (ms: number) => (clock += ms) };
}

describe('refitting the cuisine model', () => {
  it('fits on first use, again when tagged plates grew by 10 % or after an hour, never more than once a minute', async () => {
    const { service, site, advance } = setup();
    await service.start();
    const image = await sized(10, 10);
    const suggest = async () => (await service.analysePhoto(image, { title: 'Pad thai' })).cuisines;

    expect(await suggest()).toEqual([{ name: 'Thai', confidence: 1 }]);
    expect(site.fits).toBe(1);
    site.tagged = 109; // +9 %
    advance(61_000);
    await suggest();
    expect(site.fits).toBe(1);
    site.tagged = 110; // +10 %, but counted only once a minute
    advance(30_000);
    await suggest();
    expect(site.fits).toBe(1);
    advance(31_000);
    await suggest();
    expect(site.fits).toBe(2);
    advance(60 * 60_000 + 1);
    await suggest();
    expect(site.fits).toBe(3);
    await service.close();
  });
});
