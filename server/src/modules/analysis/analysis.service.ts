import { createHash } from 'node:crypto';
import {
  ANALYSIS_MESSAGES,
  ANALYSIS_PART_INFO,
  ANALYSIS_PARTS,
  ANALYSIS_THRESHOLD_BOUNDS,
  AnalysisPart,
  AnalysisThresholds,
  type AdminAiResponse,
  type PhotoAnalysis,
  type PostDto,
} from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Jobs } from '../../lib/jobs.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { createSharedCache } from '../../lib/shared-cache.js';
import type { ImageStorage } from '../../lib/storage/index.js';
import type { Viewer } from '../../lib/viewer.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { MediaService } from '../media/media.service.js';
import type { PointsService } from '../points/points.service.js';
import { POST_ACCESS_MESSAGES, type PostAccess } from '../posts/post-access.js';
import type { ChangeBus } from '../security/block-list.js';
import { toPhotoAnalysis, type PartSwitches } from './analysis.mapper.js';
import type { AnalysisRepository } from './analysis.repository.js';
import { combine, fitCuisineModel, neighbourVotes, type CuisineModel, type Suggestion } from './cuisine-model.js';
import { AnalyzerBusyError, type EngineParts, type EngineThresholds, type PhotoAnalyzer, type RawAnalysis } from './engine/types.js';

/** How long the raw analysis of one upload's bytes is kept (the dialog's second call, the post's job). */
export const RAW_CACHE_TTL_MS = 30 * 60_000;
const RAW_CACHE_ENTRIES = 500;
/** Nearest approved plates asked for their cuisines. */
const NEIGHBOURS = 10;
/** The model is fitted on at most this many plates (the newest). */
const TRAINING_LIMIT = 20_000;
/** Fitted again when the tagged plates grew by this share, or after `REFIT_MAX_AGE_MS`. */
const REFIT_GROWTH = 0.1;
const REFIT_MAX_AGE_MS = 60 * 60_000;
/** The analysis of earlier plates gives up after this many plates failed one after another (a broken store, not one bad photo). */
const BACKFILL_FAILURES_IN_A_ROW = 20;

export interface AnalysisServiceDeps {
  repo: AnalysisRepository;
  /** Undefined: the app is built with analysis off (every part answers null, nothing is stored). */
  analyzer: PhotoAnalyzer | undefined;
  media: Pick<MediaService, 'normalise'>;
  /** The stored renditions, read back for a posted plate's analysis (local storage); else the upload is normalised again. */
  storage?: Pick<ImageStorage, 'read'>;
  points: Pick<PointsService, 'cancel'>;
  audit: Audit;
  jobs: Jobs;
  access: Pick<PostAccess, 'mayOpen'>;
  postsByIds: (ids: number[], viewer: Viewer) => Promise<PostDto[]>;
  /** Tells the posts module that what visitors may see changed (a held plate left the feed). */
  onPublicChange: () => void;
  /** Tells every instance to read the switches and thresholds again. */
  bus: ChangeBus;
  logger: FastifyBaseLogger;
  /** How often the tagged plates are counted to decide on refitting the cuisine model. */
  modelCheckMs?: number;
  /** Wait before a posted plate's analysis is tried again when the pool was busy. */
  busyRetryMs?: number;
  /** Busy retries before giving up on a plate (logged). */
  busyRetries?: number;
  resyncMs?: number;
  /** Wait of the analysis of earlier plates while the pool has work queued (uploads go first). */
  backfillWaitMs?: number;
  now?: () => number;
}

const DEFAULT_THRESHOLDS: AnalysisThresholds = {
  nsfwHoldPercent: ANALYSIS_THRESHOLD_BOUNDS.nsfwHoldPercent.default,
  foodMinPercent: ANALYSIS_THRESHOLD_BOUNDS.foodMinPercent.default,
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Photo analysis (issue 17, record 0038): the upload dialog's instant answer, the analysis stored
 * with each posted plate (and the adult content hold), cuisine suggestions, similar plates and the
 * /admin/ai switches. The engine measures; this service decides what is shown, stored and held.
 */
export function createAnalysisService(deps: AnalysisServiceDeps) {
  const { repo, analyzer, media, jobs, logger, bus } = deps;
  const now = deps.now ?? (() => Date.now());
  const busyRetryMs = deps.busyRetryMs ?? 30_000;
  const busyRetries = deps.busyRetries ?? 20;
  const modelCheckMs = deps.modelCheckMs ?? 60_000;
  const backfillWaitMs = deps.backfillWaitMs ?? 5_000;

  let parts: PartSwitches = Object.fromEntries(ANALYSIS_PARTS.map((p) => [p, false])) as PartSwitches;
  let thresholds: AnalysisThresholds = DEFAULT_THRESHOLDS;
  let generation = 0;
  let resync: NodeJS.Timeout | undefined;
  let closed = false;

  async function reload(): Promise<void> {
    const mine = ++generation;
    const [stored, text] = await Promise.all([repo.parts(), repo.thresholdsText()]);
    if (mine !== generation) return;
    parts = Object.fromEntries(ANALYSIS_PARTS.map((p) => [p, stored.get(p) ?? false])) as PartSwitches;
    thresholds = DEFAULT_THRESHOLDS;
    if (text !== undefined) {
      try {
        const parsed = AnalysisThresholds.safeParse(JSON.parse(text));
        if (parsed.success) thresholds = parsed.data;
        else logger.warn('analysis: stored thresholds refused, the defaults apply');
      } catch {
        logger.warn('analysis: stored thresholds unreadable, the defaults apply');
      }
    }
  }
  const reloadQuietly = () => void reload().catch((error: unknown) => logger.error({ err: error }, 'analysis: reload failed'));

  async function changed(): Promise<void> {
    await reload();
    await bus.publish().catch((error: unknown) => logger.error({ err: error }, 'analysis: publish failed'));
  }

  const engineParts = (): EngineParts => ({
    quality: parts.photo_quality,
    nsfw: parts.nsfw_check,
    food: parts.food_check,
    embedding: parts.cuisine_suggestions || parts.similar_plates,
  });
  const engineThresholds = (): EngineThresholds => ({
    nsfwHold: thresholds.nsfwHoldPercent / 100,
    foodMin: thresholds.foodMinPercent / 100,
  });

  // The raw analysis of one upload's bytes, shared by concurrent calls and kept 30 minutes: a
  // second call with a new title recomputes only the text part; the plate's job reuses it.
  const rawCache = createSharedCache<RawAnalysis>({ ttlMs: RAW_CACHE_TTL_MS, maxEntries: RAW_CACHE_ENTRIES, now });
  function rawAnalysis(sha: string, image: () => Promise<Buffer>): Promise<RawAnalysis> | undefined {
    const asked = engineParts();
    if (!analyzer || !(asked.quality || asked.nsfw || asked.food || asked.embedding)) return undefined;
    const limits = engineThresholds();
    const key = JSON.stringify([sha, asked, limits]);
    return rawCache.get(key, async () => analyzer.analyze(await image(), asked, limits));
  }

  // The cuisine model: fitted on first use, then again when the tagged plates grew by a tenth or
  // an hour passed (counted at most once per `modelCheckMs`).
  let model: { model: CuisineModel; count: number; at: number } | undefined;
  let checkedAt = -Infinity;
  let fitting: Promise<CuisineModel> | undefined;
  async function fit(): Promise<CuisineModel> {
    const count = await repo.taggedCount();
    const fitted = fitCuisineModel(await repo.trainingSet(TRAINING_LIMIT));
    model = { model: fitted, count, at: now() };
    return fitted;
  }
  async function cuisineModel(): Promise<CuisineModel> {
    if (fitting) return fitting;
    const at = now();
    if (model && at - checkedAt < modelCheckMs) return model.model;
    checkedAt = at;
    fitting = (async () => {
      if (model && at - model.at < REFIT_MAX_AGE_MS) {
        const count = await repo.taggedCount();
        // Growth as a share (10/100 is exactly 0.1; 100 * 1.1 is not exactly 110).
        if (count === model.count || (count - model.count) / model.count < REFIT_GROWTH) return model.model;
      }
      return fit();
    })().finally(() => (fitting = undefined));
    return fitting;
  }

  async function suggest(text: string, embedding: number[] | null | undefined, excludePostId: number | null): Promise<Suggestion[]> {
    const [fitted, near] = await Promise.all([
      cuisineModel(),
      embedding ? repo.neighbours(embedding, NEIGHBOURS, excludePostId) : Promise.resolve([]),
    ]);
    return combine(fitted.predict(text), neighbourVotes(near));
  }

  async function readStored(key: string | null): Promise<Buffer | undefined> {
    if (!key || !deps.storage?.read) return undefined;
    const file = await deps.storage.read(key);
    if (!file) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /** A plate's raw analysis stored with its cuisines; an approved plate the adult content check holds goes back to review. */
  async function store(postId: number, plate: { title: string; description: string | null }, raw: RawAnalysis, sha: string): Promise<void> {
    const cuisines = parts.cuisine_suggestions ? await suggest(`${plate.title} ${plate.description ?? ''}`, raw.embedding, postId) : null;
    let heldBack = false;
    await repo.transaction(async (tx) => {
      const post = await repo.lockPost(postId, tx);
      if (!post) return;
      await repo.upsert(
        {
          postId,
          qualityScore: raw.quality ? Math.max(0, Math.min(100, Math.round(raw.quality.score))) : null,
          qualityTips: raw.quality?.tips ?? null,
          qualityMetrics: raw.quality?.metrics ?? null,
          foodFound: raw.food?.found ?? null,
          foodLabels: raw.food?.labels ?? null,
          foodBest: raw.food?.best?.name ?? null,
          foodBestScore: raw.food?.best?.score ?? null,
          nsfwScores: raw.nsfw?.scores ?? null,
          nsfwHeld: raw.nsfw?.held ?? false,
          cuisines,
          embedding: raw.embedding,
          imageSha256: sha,
          analysedAt: new Date(now()),
        },
        tx,
      );
      // Held: an approved plate goes back to review (never rejected by analysis), and the
      // approval's points are cancelled as an undone approval's are (a later approval awards them again).
      if (raw.nsfw?.held && post.approvalStatus === 'approved') {
        await repo.backToPending(postId, tx);
        await deps.points.cancel({ userId: post.userId, action: 'post_approved', entityType: 'post', entityId: postId }, tx);
        heldBack = true;
      }
    });
    if (heldBack) {
      deps.onPublicChange();
      logger.info({ postId }, 'analysis: plate held for review by the adult content check');
    }
  }

  /**
   * A posted plate's upload, held by the instance that took it until its analysis job has run
   * here (the job's payload is the plate's id only; another instance reads the stored photo).
   */
  const uploads = new Map<number, Buffer>();

  const postJob = jobs.define({
    kind: 'analysis:post',
    payload: z.object({ postId: z.number().int().positive(), busy: z.number().int().min(0) }),
    // A failure is tried once more after the busy pool's wait (30 s); a busy pool is waited for (below).
    attempts: 2,
    backoffMs: busyRetryMs,
    key: (p) => `${p.postId}:${p.busy}`,
    summary: (p) => `plate #${p.postId}`,
    handler: (p, run) => analysePost(p.postId, p.busy, run.attempt),
  });

  /** One posted plate: analysed (or the cached analysis of its bytes reused), stored, held if need be. */
  async function analysePost(postId: number, busy: number, attempt: number): Promise<void> {
    if (closed) return;
    try {
      const plate = await repo.postText(postId);
      if (!plate) return void uploads.delete(postId); // deleted meanwhile
      const upload = uploads.get(postId) ?? (await readStored(plate.imageKey));
      if (!upload) return;
      const sha = sha256(upload);
      const pending = rawAnalysis(sha, async () => (await readStored(plate.imageKey)) ?? media.normalise(upload));
      if (pending) await store(postId, plate, await pending, sha);
      uploads.delete(postId);
    } catch (error) {
      if (error instanceof AnalyzerBusyError) {
        if (busy >= busyRetries) {
          logger.error({ postId }, 'analysis: the pool stayed busy, plate not analysed');
          uploads.delete(postId);
          return;
        }
        postJob.enqueue({ postId, busy: busy + 1 }, { delayMs: busyRetryMs });
        return;
      }
      if (attempt === 1) logger.warn({ err: error, postId }, 'analysis: a plate failed, trying once more');
      else uploads.delete(postId);
      throw error;
    }
  }

  // The analysis of earlier plates (record 0039): one run per instance, started and stopped by an
  // admin, one plate at a time and only while the pool has nothing queued (uploads go first).
  let lastDone = 0;
  let backfill: { stopped: boolean; done: number; wake: () => void; finished: Promise<void> } | undefined;

  const anyPartOn = () => Object.values(engineParts()).some(Boolean);

  /** Waits `ms`, or less when the run is stopped or the app closes. */
  function pause(run: NonNullable<typeof backfill>, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      run.wake = done;
      function done() {
        clearTimeout(timer);
        run.wake = () => {};
        resolve();
      }
    });
  }

  async function backfillRun(run: NonNullable<typeof backfill>): Promise<void> {
    let below: number | undefined;
    let failedInARow = 0;
    while (!run.stopped && !closed && analyzer && anyPartOn()) {
      if (analyzer.stats().queued > 0) {
        await pause(run, backfillWaitMs);
        continue;
      }
      const { picked, claimed } = await repo.claimUnanalysed(below);
      if (picked === undefined) break; // none left
      below = picked;
      if (!claimed) continue; // another instance took it
      const { postId } = claimed;
      try {
        const bytes = await readStored(claimed.imageKey);
        const plate = await repo.postText(postId);
        if (!bytes || !plate) throw new Error('the stored rendition is missing');
        const sha = sha256(bytes);
        const pending = rawAnalysis(sha, async () => bytes);
        if (!pending) {
          await repo.releaseClaim(postId);
          break; // every part was switched off meanwhile
        }
        await store(postId, plate, await pending, sha);
        run.done += 1;
        failedInARow = 0;
      } catch (error) {
        await repo.releaseClaim(postId).catch((e: unknown) => logger.error({ err: e, postId }, 'analysis: a backfill claim was not released'));
        if (error instanceof AnalyzerBusyError) {
          below = postId + 1; // this plate again
          await pause(run, backfillWaitMs);
          continue;
        }
        // Left behind the cursor for the rest of this run (a next run tries it again).
        logger.warn({ err: error, postId }, 'analysis: an earlier plate could not be analysed');
        if (++failedInARow >= BACKFILL_FAILURES_IN_A_ROW) {
          logger.error({ failed: failedInARow }, 'analysis: the analysis of earlier plates stopped, every recent plate failed');
          break;
        }
      }
    }
  }

  function overview(): Promise<AdminAiResponse> {
    return repo.figures().then((figures) => {
      const stats = analyzer?.stats() ?? { queued: 0, running: 0, workers: 0 };
      return {
        parts: ANALYSIS_PARTS.map((name) => ({ name, ...ANALYSIS_PART_INFO[name], enabled: parts[name] })),
        thresholds,
        figures: {
          ...figures,
          backfill: { running: backfill !== undefined && !backfill.stopped, done: backfill?.done ?? lastDone },
          queued: stats.queued,
          workers: stats.workers,
        },
      };
    });
  }

  return {
    /** Loads the switches and thresholds and listens for changes on other instances. */
    async start(resyncMs = deps.resyncMs): Promise<void> {
      await reload();
      await bus.subscribe(reloadQuietly);
      if (resyncMs) {
        resync = setInterval(reloadQuietly, resyncMs);
        resync.unref();
      }
    },

    parts: (): PartSwitches => ({ ...parts }),

    /**
     * The upload dialog's analysis: the image through the upload rules into a normalised
     * rendition (never stored), the cached or fresh raw analysis, and the suggestions of this text.
     */
    async analysePhoto(upload: Buffer, text: { title?: string | undefined; description?: string | undefined }): Promise<PhotoAnalysis> {
      const rendition = await media.normalise(upload);
      const current = { ...parts };
      let raw: RawAnalysis | undefined;
      try {
        raw = await rawAnalysis(sha256(upload), async () => rendition);
      } catch (error) {
        if (error instanceof AnalyzerBusyError) throw new AppError('SERVICE_UNAVAILABLE', ANALYSIS_MESSAGES.busy);
        logger.error({ err: error }, 'analysis: a photo could not be analysed');
        throw new AppError('SERVICE_UNAVAILABLE', ANALYSIS_MESSAGES.failed);
      }
      const cuisines =
        current.cuisine_suggestions && analyzer
          ? await suggest(`${text.title ?? ''} ${text.description ?? ''}`, raw?.embedding, null)
          : [];
      const answer = toPhotoAnalysis(raw, cuisines, current);
      return analyzer ? answer : { quality: null, food: null, cuisines: null, nsfw: null };
    },

    /** After a plate's row committed: its analysis as a job, never delaying the upload's answer. */
    postCreated(postId: number, upload: Buffer): void {
      if (!analyzer || closed) return;
      uploads.set(postId, upload);
      postJob.enqueue({ postId, busy: 0 });
    },

    /** Visible plates whose photos look most like this one (404 when the plate is not the viewer's to see). */
    async similar(postId: number, viewer: Viewer, limit: number): Promise<PostDto[]> {
      if (!(await deps.access.mayOpen(postId, viewer))) throw new AppError('NOT_FOUND', POST_ACCESS_MESSAGES.postNotFound);
      if (!parts.similar_plates) return [];
      return deps.postsByIds(await repo.similarIds(postId, viewer, limit), viewer);
    },

    /** The cuisine model fitted again now (tests, scripts). */
    refitCuisines: () => fit(),

    overview,

    async setPart(staff: Staff, name: string, enabled: boolean, meta: RequestMeta): Promise<AdminAiResponse> {
      const part = AnalysisPart.safeParse(name);
      if (!part.success) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.unknownPart, 'name');
      await repo.transaction(async (tx) => {
        const { id, before } = await repo.setPart(part.data, enabled, ANALYSIS_PART_INFO[part.data].description, tx);
        await deps.audit.record(
          {
            staff,
            action: 'ai_part_changed',
            target: { type: 'ai_setting', id, label: part.data },
            before: { enabled: before ?? false },
            after: { enabled },
            meta,
          },
          tx,
        );
      });
      await changed();
      return overview();
    },

    async setThresholds(staff: Staff, body: AnalysisThresholds, meta: RequestMeta): Promise<AdminAiResponse> {
      const value = AnalysisThresholds.parse(body);
      const previous = thresholds;
      await repo.transaction(async (tx) => {
        const { id } = await repo.putThresholds(JSON.stringify(value), tx);
        await deps.audit.record(
          { staff, action: 'ai_thresholds_changed', target: { type: 'setting', id, label: 'ai_thresholds' }, before: { ...previous }, after: { ...value }, meta },
          tx,
        );
      });
      await changed();
      return overview();
    },

    /**
     * Starts analysing the approved plates without an analysis, newest first (audited); never
     * started by itself. Already running on this instance: the run goes on, nothing is recorded.
     */
    async startBackfill(staff: Staff, meta: RequestMeta): Promise<AdminAiResponse> {
      if (!analyzer || !anyPartOn()) throw new AppError('CONFLICT', ANALYSIS_MESSAGES.backfillAllOff);
      if (!deps.storage?.read) throw new AppError('CONFLICT', ANALYSIS_MESSAGES.backfillNoStorage);
      if (backfill && !backfill.stopped) return overview();
      const notAnalysed = (await repo.figures()).notAnalysed;
      await repo.transaction((tx) =>
        deps.audit.record(
          { staff, action: 'ai_backfill_started', before: null, after: { notAnalysed }, meta },
          tx,
        ),
      );
      if (backfill && !backfill.stopped) return overview(); // started meanwhile by another request
      const run: NonNullable<typeof backfill> = { stopped: false, done: 0, wake: () => {}, finished: Promise.resolve() };
      backfill = run;
      run.finished = backfillRun(run)
        .catch((error: unknown) => logger.error({ err: error }, 'analysis: the analysis of earlier plates stopped on an error'))
        .finally(() => {
          lastDone = run.done;
          if (backfill === run) backfill = undefined;
        });
      return overview();
    },

    /** Stops this instance's run after the plate in hand (audited when one was running). */
    async stopBackfill(staff: Staff, meta: RequestMeta): Promise<AdminAiResponse> {
      const run = backfill;
      if (run && !run.stopped) {
        run.stopped = true;
        run.wake();
        await run.finished;
        await repo.transaction((tx) =>
          deps.audit.record(
            { staff, action: 'ai_backfill_stopped', before: null, after: { done: run.done }, meta },
            tx,
          ),
        );
      }
      return overview();
    },

    /** Resolves when this instance's run of earlier plates ended (tests). */
    backfillFinished: (): Promise<void> => backfill?.finished ?? Promise.resolve(),

    /** Stops retries and the resync; the app closes the analyzer after the jobs drained. */
    async close(): Promise<void> {
      closed = true;
      if (backfill) {
        backfill.stopped = true;
        backfill.wake();
        await backfill.finished;
      }
      uploads.clear();
      if (resync) clearInterval(resync);
      await bus.close();
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
