import { ANALYSIS_PARTS, CUISINES, type AnalysisPart, type Cuisine } from '@plates/common';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { aiSettings, postAnalyses, posts, systemSettings, users, type NewPostAnalysis } from '../../db/schema/index.js';
import { isConst, literalLimit } from '../../lib/literal.js';
import { placeholder, preparedVariants } from '../../lib/prepared.js';
import type { Viewer } from '../../lib/viewer.js';
import { audience } from '../posts/post-access.js';

type Conn = Db | Tx;

/** The `system_settings` key of the thresholds (kept off /admin/settings: the /admin/ai page shows them). */
export const THRESHOLDS_KEY = 'ai_thresholds';

const cuisineSet = new Set<string>(CUISINES);
const asCuisines = (names: unknown): Cuisine[] =>
  (Array.isArray(names) ? names : []).filter((n): n is Cuisine => typeof n === 'string' && cuisineSet.has(n));

/** A cube literal of a vector (numbers only, never text from a request). */
export const cubeText = (vector: number[]) => `(${vector.map((x) => (Number.isFinite(x) ? x : 0)).join(',')})`;

/** A backfill claim not replaced by its analysis after this long is taken over (its instance died mid-plate). */
export const STALE_CLAIM_MINUTES = 10;
/** A backfill's placeholder row: nothing measured, no image hash (every stored analysis has one). */
const placeholderRow = (a: SQL) =>
  sql`(${a}.image_sha256 is null and ${a}.quality_score is null and ${a}.food_found is null and ${a}.nsfw_scores is null and ${a}.embedding is null)`;
const staleClaim = (a: SQL) => sql`(${placeholderRow(a)} and ${a}.analysed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))`;

/** Photo analysis rows: the switches, the thresholds, the stored analyses and the nearest-neighbour reads. */
export function createAnalysisRepository(db: Db) {
  const similarVariants = preparedVariants();

  /** `similarIds`' statement, its plate and viewer as the placeholders `post` and `viewer`. */
  function similarQuery(viewer: Viewer, limit: number) {
    const who = viewer ? { id: placeholder<number>('viewer'), isAdmin: viewer.isAdmin } : null;
    const origin = sql`(select o.embedding from post_analyses o where o.post_id = ${placeholder('post')})`;
    return db
      .select({ id: posts.id })
      .from(postAnalyses)
      .innerJoin(posts, eq(posts.id, postAnalyses.postId))
      .innerJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          sql`${postAnalyses.embedding} is not null`,
          sql`${postAnalyses.postId} <> ${placeholder('post')}`,
          isConst(posts.approvalStatus, 'approved'),
          audience(who),
        ),
      )
      .orderBy(sql`${postAnalyses.embedding} <-> ${origin}`)
      .limit(literalLimit(limit));
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async parts(conn: Conn = db): Promise<Map<AnalysisPart, boolean>> {
      const rows = await conn
        .select({ name: aiSettings.settingName, enabled: aiSettings.enabled })
        .from(aiSettings)
        .where(inArray(aiSettings.settingName, [...ANALYSIS_PARTS]));
      return new Map(rows.map((r) => [r.name as AnalysisPart, r.enabled]));
    },

    /** Sets one switch (the row locked first); answers what it was, or undefined when the row was missing. */
    async setPart(name: AnalysisPart, enabled: boolean, description: string, tx: Tx): Promise<{ id: number; before: boolean | undefined }> {
      const [previous] = await tx.select().from(aiSettings).where(eq(aiSettings.settingName, name)).for('update').limit(1);
      const [row] = await tx
        .insert(aiSettings)
        .values({ settingName: name, enabled, description })
        .onConflictDoUpdate({ target: aiSettings.settingName, set: { enabled, updatedAt: new Date() } })
        .returning({ id: aiSettings.id });
      if (!row) throw new Error(`analysis: ${name} was not stored`);
      return { id: row.id, before: previous?.enabled };
    },

    async thresholdsText(conn: Conn = db): Promise<string | undefined> {
      const [row] = await conn.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, THRESHOLDS_KEY)).limit(1);
      return row?.value;
    },

    /** Stores the thresholds (row locked first); answers the text it replaced and the row's id. */
    async putThresholds(value: string, tx: Tx): Promise<{ id: number; before: string | undefined }> {
      const [previous] = await tx.select().from(systemSettings).where(eq(systemSettings.key, THRESHOLDS_KEY)).for('update').limit(1);
      const at = new Date();
      const [row] = await tx
        .insert(systemSettings)
        .values({ key: THRESHOLDS_KEY, value, updatedAt: at })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: at } })
        .returning({ id: systemSettings.id });
      if (!row) throw new Error('analysis: thresholds were not stored');
      return { id: row.id, before: previous?.value };
    },

    /** What the analysis job needs of a plate, its row locked. */
    async lockPost(postId: number, tx: Tx) {
      const [row] = await tx
        .select({ id: posts.id, userId: posts.userId, approvalStatus: posts.approvalStatus, imageKey: posts.imageKey })
        .from(posts)
        .where(eq(posts.id, postId))
        .for('update')
        .limit(1);
      return row;
    },

    async postText(postId: number, conn: Conn = db) {
      const [row] = await conn.select({ title: posts.title, description: posts.description, imageKey: posts.imageKey }).from(posts).where(eq(posts.id, postId)).limit(1);
      return row;
    },

    /** Back to review: an approved plate the adult content check held. */
    async backToPending(postId: number, tx: Tx): Promise<void> {
      await tx.update(posts).set({ approvalStatus: 'pending', approvedAt: null, approvedBy: null }).where(eq(posts.id, postId));
    },

    async upsert(row: NewPostAnalysis, conn: Conn = db): Promise<void> {
      const { postId: _key, ...rest } = row;
      await conn.insert(postAnalyses).values(row).onConflictDoUpdate({ target: postAnalyses.postId, set: rest });
    },

    async find(postId: number, conn: Conn = db) {
      const [row] = await conn.select().from(postAnalyses).where(eq(postAnalyses.postId, postId)).limit(1);
      return row;
    },

    /** The /admin/ai figures (one statement over post_analyses and the plates' states). */
    async figures(conn: Conn = db) {
      const [row] = (
        await conn.execute<{ not_analysed: number; analysed: number; held: number; held_decided: number; held_agreed: number; no_food: number }>(sql`
          select (select count(*) from posts q where q.approval_status = 'approved'
                    and not exists (select 1 from post_analyses b where b.post_id = q.id))::int as not_analysed,
            count(*)::int as analysed,
            count(*) filter (where a.nsfw_held)::int as held,
            count(*) filter (where a.nsfw_held and p.approval_status <> 'pending')::int as held_decided,
            count(*) filter (where a.nsfw_held and p.approval_status = 'rejected')::int as held_agreed,
            count(*) filter (where a.food_found = false)::int as no_food
          from post_analyses a join posts p on p.id = a.post_id`)
      ).rows;
      return {
        notAnalysed: Number(row?.not_analysed ?? 0),
        analysed: Number(row?.analysed ?? 0),
        held: Number(row?.held ?? 0),
        heldDecided: Number(row?.held_decided ?? 0),
        heldAgreed: Number(row?.held_agreed ?? 0),
        noFood: Number(row?.no_food ?? 0),
      };
    },

    /**
     * The backfill's claim (record 0039): the newest approved plate without an analysis below
     * `below` (the run's cursor: newest first, each plate looked at once) gets an empty placeholder
     * row in the same statement, so two instances never take the same plate (the loser's insert
     * hits the primary key and claims nothing). A placeholder older than
     * {@link STALE_CLAIM_MINUTES} (its instance died mid-plate) is taken over, again by one only:
     * the update's condition is checked again on the row the winner renewed. `picked` undefined:
     * none is left; `claimed` undefined with a `picked`: another instance took it first.
     */
    async claimUnanalysed(below: number | undefined, conn: Conn = db) {
      const cursor = below === undefined || !Number.isSafeInteger(below) ? 2_147_483_647 : below;
      const [row] = (
        await conn.execute<{ picked: number | null; post_id: number | null; image_key: string | null }>(sql`
          with pick as (
            select p.id, p.image_key from posts p
            where p.approval_status = 'approved'
              and not exists (select 1 from post_analyses a where a.post_id = p.id and not (${staleClaim(sql`a`)}))
              and p.id < ${cursor}
            order by p.id desc
            limit 1
          ), claim as (
            insert into post_analyses (post_id) select id from pick
            on conflict (post_id) do update set analysed_at = now() where ${staleClaim(sql`post_analyses`)}
            returning post_id
          )
          select (select id from pick) as picked, c.post_id, (select image_key from pick) as image_key
          from (select 1) one left join claim c on true`)
      ).rows;
      const picked = row?.picked == null ? undefined : Number(row.picked);
      const claimed = row?.post_id == null ? undefined : { postId: Number(row.post_id), imageKey: row.image_key };
      return { picked, claimed };
    },

    /** Gives a claim back (the analysis failed or the pool was busy): only a placeholder, never a stored analysis. */
    async releaseClaim(postId: number, conn: Conn = db): Promise<void> {
      await conn.execute(sql`delete from post_analyses a where a.post_id = ${postId} and ${placeholderRow(sql`a`)}`);
    },

    /**
     * Up to `limit` plates the viewer may see whose photos look most like this plate's, nearest
     * first: KNN on the GiST index of `embedding` (`<->`), filtered by the feed's visibility rule
     * (approved; blocks both ways; private authors only for accepted followers). One prepared
     * statement per viewer kind and limit.
     */
    async similarIds(postId: number, viewer: Viewer, limit: number): Promise<number[]> {
      const kind = viewer ? (viewer.isAdmin ? 'admin' : 'member') : 'visitor';
      const query = similarVariants(`similar_${kind}_${limit}`, (name) => similarQuery(viewer, limit).prepare(name));
      const rows = await query.execute({ post: postId, viewer: viewer?.id });
      return rows.map((r) => r.id);
    },

    /** The text of `similarIds`' statement and its parameters by name (for EXPLAIN: scripts/explain-similar.ts). */
    similarStatement(viewer: Viewer, limit: number) {
      return similarQuery(viewer, limit).toSQL();
    },

    /** The `k` approved, tagged plates whose photos are nearest this vector, with their cuisines. */
    async neighbours(vector: number[], k: number, excludePostId: number | null, conn: Conn = db) {
      const rows = (
        await conn.execute<{ distance: number; cuisines: string[] }>(sql`
          select n.distance, (select array_agg(c.name) from post_categories pc join categories c on c.id = pc.category_id
                              where pc.post_id = n.post_id) as cuisines
          from (
            select a.post_id, a.embedding <-> ${cubeText(vector)}::cube as distance
            from post_analyses a join posts p on p.id = a.post_id
            where a.embedding is not null and p.approval_status = 'approved' and a.post_id <> ${excludePostId ?? 0}
            order by a.embedding <-> ${cubeText(vector)}::cube
            limit ${k}
          ) n`)
      ).rows;
      return rows.map((r) => ({ distance: Number(r.distance), cuisines: asCuisines(r.cuisines) }));
    },

    /** How many approved plates carry a cuisine (the model is fitted again when this grows). */
    async taggedCount(conn: Conn = db): Promise<number> {
      const [row] = (
        await conn.execute<{ n: number }>(sql`
          select count(*)::int as n from posts p
          where p.approval_status = 'approved' and exists (select 1 from post_categories pc where pc.post_id = p.id)`)
      ).rows;
      return Number(row?.n ?? 0);
    },

    /** The newest `limit` approved, tagged plates: their words and cuisines (the model's training set). */
    async trainingSet(limit: number, conn: Conn = db) {
      const rows = (
        await conn.execute<{ title: string; description: string | null; cuisines: string[] }>(sql`
          select p.title, p.description, array_agg(c.name) as cuisines
          from posts p join post_categories pc on pc.post_id = p.id join categories c on c.id = pc.category_id
          where p.approval_status = 'approved'
          group by p.id
          order by p.id desc
          limit ${limit}`)
      ).rows;
      return rows.map((r) => ({ text: `${r.title} ${r.description ?? ''}`, cuisines: asCuisines(r.cuisines) }));
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
