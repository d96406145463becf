// Demo data for `npm run seed` and the benchmarks: verified users, approved plates with generated
// images, ratings, comments, replies, hearts, likes, saves, follows and chats, with every denormalised
// counter and the points ledger computed in SQL at the end. Rows go in as multi-row inserts of up
// to 1000 rows per statement, so 20,000 plates take seconds to a few minutes, not hours.
import { CHAT_REACTIONS, CUISINES, LEVELS, type Cuisine } from '@plates/common';
import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import {
  categories,
  chatMessages,
  chatRequests,
  chatSessions,
  chatSessionUserData,
  commentHearts,
  commentReplies,
  follows,
  likes,
  messageReactions,
  postCategories,
  posts,
  ratings,
  replyHearts,
  saves,
  signInEvents,
  users,
  userVerifications,
  type ImageVariant,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import type { MediaService } from '../modules/media/media.service.js';
import { seedAdminArea } from './seed-admin.js';

export interface SeedOptions {
  users: number;
  posts: number;
  /** PRNG seed: the same seed on the same starting database gives the same names, plates and ratings. */
  seed: number;
  /** Password of every seeded account. */
  password: string;
  /** Distinct generated images, shared round-robin by the plates (each one goes through the media pipeline). */
  images?: number;
  /** Renders and stores images; without it plates point at a tiny inline placeholder. */
  media?: MediaService;
  log?: (line: string) => void;
}

export interface SeedResult {
  login: { username: string; password: string };
  counts: Record<string, number>;
  userIds: { first: number; last: number };
  postIds: { first: number; last: number };
  ms: number;
}

const BATCH = 1000;

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca', 'Maya', 'Nikos', 'Olu', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tomas', 'Uma', 'Viktor', 'Wen', 'Yara', 'Zoe'];
const LAST = ['Abbott', 'Bauer', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Rossi', 'Silva', 'Tanaka', 'Umar', 'Varga', 'Weber', 'Yilmaz', 'Zhang'];
const CITIES = ['Lisbon', 'Osaka', 'Naples', 'Oaxaca', 'Lyon', 'Bangkok', 'Istanbul', 'Seoul', 'Hanoi', 'Athens', 'Beirut', 'Marrakesh', 'Valencia', 'Chicago', 'Mumbai', 'Chengdu'];
const DISH_ADJ = ['Smoky', 'Crispy', 'Slow-cooked', 'Charred', 'Fresh', 'Spicy', 'Golden', 'Herby', 'Creamy', 'Zesty', 'Roasted', 'Sticky', "Grandma's", 'Weeknight', 'Sunday'];
/**
 * Dishes with their cuisines (the first is the dish's own) and the city a plate of them is shown
 * in: a moussaka is Greek and photographed in Athens, not Japanese in Bangkok.
 */
export const DISHES: ReadonlyArray<{ name: string; cuisines: readonly Cuisine[]; city: string }> = [
  { name: 'ramen', cuisines: ['Japanese'], city: 'Osaka' },
  { name: 'margherita pizza', cuisines: ['Italian'], city: 'Naples' },
  { name: 'pad thai', cuisines: ['Thai'], city: 'Bangkok' },
  { name: 'shakshuka', cuisines: ['Moroccan', 'Mediterranean'], city: 'Marrakesh' },
  { name: 'tacos al pastor', cuisines: ['Mexican'], city: 'Oaxaca' },
  { name: 'bibimbap', cuisines: ['Korean'], city: 'Seoul' },
  { name: 'pho', cuisines: ['Vietnamese'], city: 'Hanoi' },
  { name: 'moussaka', cuisines: ['Greek', 'Mediterranean'], city: 'Athens' },
  { name: 'paella', cuisines: ['Spanish', 'Mediterranean'], city: 'Valencia' },
  { name: 'butter chicken', cuisines: ['Indian'], city: 'Mumbai' },
  { name: 'ratatouille', cuisines: ['French', 'Mediterranean'], city: 'Lyon' },
  { name: 'tagine', cuisines: ['Moroccan'], city: 'Marrakesh' },
  { name: 'mezze plate', cuisines: ['Lebanese', 'Mediterranean'], city: 'Beirut' },
  { name: 'dumplings', cuisines: ['Chinese'], city: 'Chengdu' },
  { name: 'risotto', cuisines: ['Italian'], city: 'Naples' },
  { name: 'burger', cuisines: ['American'], city: 'Chicago' },
  { name: 'falafel wrap', cuisines: ['Lebanese', 'Mediterranean'], city: 'Beirut' },
  { name: 'kimchi fried rice', cuisines: ['Korean'], city: 'Seoul' },
  { name: 'lemon tart', cuisines: ['French'], city: 'Lyon' },
  { name: 'tiramisu', cuisines: ['Italian'], city: 'Naples' },
  { name: 'lahmacun', cuisines: ['Turkish'], city: 'Istanbul' },
];
const DESCRIPTIONS = [
  'Made this after a long day and it hit the spot.',
  'Second attempt, much better than the first.',
  'Family recipe with a twist.',
  'Used whatever was left in the fridge.',
  'Took three hours but worth every minute.',
  'First time trying this, feedback welcome!',
  null,
];
const COMMENTS = ['Looks amazing!', 'Recipe please?', 'That crust though.', 'I need this right now.', 'Beautiful plating.', 'How long did it take?', 'Making this tonight.', 'The colours!', 'Too much salt for me, but great idea.', 'Chef kiss.'];
const REPLIES = ['Thank you!', 'Agreed!', 'Same question here.', 'About an hour.', 'Will share soon.', 'Ha, exactly.', 'Let us know how it goes.'];
const BIOS = ['Home cook, weekend baker.', 'Spice enthusiast.', 'Cooking my way around the world.', 'Pasta every day.', null];

/** Palettes for generated dishes: background gradient, sauce, garnish. */
const PALETTES = [
  ['#f6d365', '#fda085', '#c0392b', '#27ae60'],
  ['#a1c4fd', '#c2e9fb', '#e67e22', '#2ecc71'],
  ['#d4fc79', '#96e6a1', '#8e44ad', '#f1c40f'],
  ['#ffecd2', '#fcb69f', '#d35400', '#16a085'],
  ['#e0c3fc', '#8ec5fc', '#c0392b', '#f39c12'],
  ['#fbc2eb', '#a6c1ee', '#6d4c41', '#43a047'],
  ['#fdfbfb', '#ebedee', '#e53935', '#7cb342'],
  ['#f5efe6', '#d7c0ae', '#795548', '#ffb300'],
] as const;

/** A dish-like picture: a gradient table, a plate, a sauce, scattered garnish. JPEG bytes. */
export async function renderDishImage(rng: Rng, index: number): Promise<Buffer> {
  const shapes = [
    [1200, 1200],
    [1600, 1000],
    [1000, 1250],
  ] as const;
  const [w, h] = shapes[index % shapes.length]!;
  const [bg1, bg2, sauce, garnish] = PALETTES[index % PALETTES.length]!;
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.42;
  const bits: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const angle = rng.next() * Math.PI * 2;
    const dist = rng.next() * r * 0.55;
    const size = r * (0.04 + rng.next() * 0.08);
    const colour = rng.chance(0.5) ? garnish : rng.pick(['#fff3e0', '#ffe082', '#a5d6a7', '#ef9a9a']);
    bits.push(
      `<ellipse cx="${(cx + Math.cos(angle) * dist).toFixed(1)}" cy="${(cy + Math.sin(angle) * dist).toFixed(1)}" rx="${size.toFixed(1)}" ry="${(size * 0.7).toFixed(1)}" fill="${colour}" transform="rotate(${Math.floor(rng.next() * 180)} ${cx} ${cy})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
    <radialGradient id="plate"><stop offset="0.75" stop-color="#ffffff"/><stop offset="1" stop-color="#dcdcdc"/></radialGradient>
    <radialGradient id="food"><stop offset="0" stop-color="${sauce}"/><stop offset="1" stop-color="${sauce}" stop-opacity="0.7"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <circle cx="${cx + r * 0.04}" cy="${cy + r * 0.06}" r="${r}" fill="#000" opacity="0.15"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#plate)"/>
  <circle cx="${cx}" cy="${cy}" r="${(r * (0.55 + rng.next() * 0.15)).toFixed(1)}" fill="url(#food)"/>
  ${bits.join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Warm pairs for avatar backgrounds and their shapes. */
const AVATAR_COLOURS = ['#f4a261', '#e76f51', '#2a9d8f', '#e9c46a', '#8ab17d', '#b56576', '#6d597a', '#457b9d', '#ffb4a2', '#90be6d'] as const;

/**
 * A generated profile photo: soft overlapping blobs on a gradient (no initials: lists already show
 * those when there is no photo). Square JPEG bytes, for the media pipeline's avatar crops.
 */
export async function renderAvatarImage(rng: Rng): Promise<Buffer> {
  const size = 480;
  const [a, b, c, d] = [rng.pick(AVATAR_COLOURS), rng.pick(AVATAR_COLOURS), rng.pick(AVATAR_COLOURS), rng.pick(AVATAR_COLOURS)];
  const blob = (colour: string) =>
    `<circle cx="${rng.int(60, 420)}" cy="${rng.int(60, 420)}" r="${rng.int(110, 220)}" fill="${colour}" opacity="0.85"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <g filter="url(#soft)">${blob(c)}${blob(d)}${blob(a)}</g>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

interface StoredImage {
  imageUrl: string;
  imageKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageAspect: 'landscape' | 'portrait' | 'square' | null;
  imagePlaceholder: string | null;
  imageVariants: ImageVariant[];
}

const PLACEHOLDER_IMAGE: StoredImage = {
  imageUrl: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  imageKey: null,
  imageWidth: null,
  imageHeight: null,
  imageAspect: null,
  imagePlaceholder: null,
  imageVariants: [],
};

async function insertAll<T extends Record<string, unknown>>(db: Db, table: PgTable, rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

/** Inserts in batches and answers the new ids in row order. */
async function insertReturningIds<T extends Record<string, unknown>>(db: Db, table: PgTable & { id: unknown }, rows: T[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = await db
      .insert(table)
      .values(rows.slice(i, i + BATCH) as never)
      .returning({ id: (table as unknown as { id: typeof posts.id }).id });
    ids.push(...chunk.map((r) => r.id));
  }
  return ids;
}

const DAY = 86_400_000;
/** The planted burst (record 0034): how many new accounts, and the browser they share. */
const BURST_ACCOUNTS = 4;
const BURST_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const MINUTE = 60_000;

const GREETINGS = [
  "Hi! I'd like to chat with you.",
  'Your plates always make me hungry. Can we talk recipes?',
  'Loved your last dish! Mind if I ask how you made it?',
  'Hello from a fellow home cook!',
];
const CHAT_LINES = [
  'That crust looked perfect. Stone or steel?',
  'Steel, preheated for an hour. Game changer.',
  'Do you toast the spices first?',
  'Always. Two minutes, dry pan, until they smell nutty.',
  'I tried your recipe last night. The family loved it!',
  'So glad to hear that! Did you add the lemon at the end?',
  'Yes, and a bit more chilli than you said.',
  'Any tips for a crispier skin?',
  'Dry it overnight in the fridge, uncovered.',
  'Which rice do you use for risotto?',
  'Carnaroli if I can find it, arborio otherwise.',
  'Are you going to the market on Saturday?',
  'Probably! The mushroom stall is back.',
  'Sending you the dough ratio now: 70% hydration.',
  'Thanks! I will post the result.',
  'Your plating is getting really good.',
];

function levelCase(points: string) {
  const branches = [...LEVELS].reverse().map((l) => `when ${points} >= ${l.minPoints} then ${l.level}`);
  return `(case ${branches.join(' ')} else 1 end)`;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const rng = prng(options.seed);
  const now = Date.now();
  const nUsers = Math.max(2, options.users);
  const nPosts = Math.max(0, options.posts);

  // One argon2id hash for every seeded account: hashing is deliberately slow (~50 ms each).
  const passwordHash = await hashPassword(options.password);

  // Names stay unique on a database that already holds users (including earlier seeds).
  const [{ offset } = { offset: 0 }] = (
    await db.execute<{ offset: number }>(sql`select coalesce(max(${users.id}), 0)::int as "offset" from ${users}`)
  ).rows;
  const base = Number(offset);

  // ---- users
  const userRows = Array.from({ length: nUsers }, (_, i) => {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const username = `${first}${last}${base + i + 1}`.toLowerCase();
    const createdAt = new Date(now - rng.int(30, 400) * DAY);
    return {
      username,
      email: `${username}@seed.plates.test`,
      password: passwordHash,
      displayName: `${first} ${last}`,
      bio: rng.pick(BIOS),
      location: rng.chance(0.7) ? rng.pick(CITIES) : null,
      emailVerified: true,
      emailVerifiedAt: createdAt,
      isPrivate: false,
      createdAt,
    };
  });
  const userIds = await insertReturningIds(db, users, userRows);
  const indexOfUser = new Map(userIds.map((id, i) => [id, i]));
  log(`users: ${userIds.length}`);
  // ---- planted for /admin/ratings (record 0034): a few accounts made two days ago, all from one
  // address and browser, that rate one plate 5 stars within the last hours (a burst from new
  // accounts and one person's many accounts). Only on seeds of 20 members or more, beside them.
  const burstIds =
    nUsers >= 20 && nPosts >= 1
      ? await insertReturningIds(
          db,
          users,
          Array.from({ length: BURST_ACCOUNTS }, (_, i) => {
            const username = `newcomer${base + nUsers + i + 1}`;
            const createdAt = new Date(now - 2 * DAY + i * 7 * MINUTE);
            return { username, email: `${username}@seed.plates.test`, password: passwordHash, displayName: `New Cook ${i + 1}`, emailVerified: true, emailVerifiedAt: createdAt, isPrivate: false, createdAt };
          }),
        )
      : [];
  await insertAll(
    db,
    signInEvents,
    burstIds.map((userId, i) => ({ userId, success: true, ip: '203.0.113.50', userAgent: BURST_AGENT, createdAt: new Date(now - 2 * DAY + i * 7 * MINUTE + MINUTE) })),
  );
  const badgeRows = userIds.filter(() => rng.chance(0.05)).map((userId) => ({ userId, verifiedType: rng.pick(['blue', 'gold', 'business'] as const) }));
  await insertAll(db, userVerifications, badgeRows);

  // ---- images: a pool of generated dishes through the media pipeline, shared by the plates
  const poolSize = Math.max(1, Math.min(options.images ?? 48, nPosts || 1));
  const pool: StoredImage[] = [];
  if (options.media) {
    for (let i = 0; i < poolSize; i += 1) {
      const processed = await options.media.processUpload(await renderDishImage(rng, i), 'post');
      pool.push({
        imageUrl: processed.imageUrl,
        imageKey: processed.key,
        imageWidth: processed.width,
        imageHeight: processed.height,
        imageAspect: processed.aspect,
        imagePlaceholder: processed.placeholder,
        imageVariants: processed.variants.map((v) => ({ name: `w${v.width}`, url: v.url, key: v.key, width: v.width, height: v.height, format: 'webp' })),
      });
    }
  } else {
    pool.push(PLACEHOLDER_IMAGE);
  }
  log(`images: ${pool.length}`);

  // ---- profile photos: most members have one (a pool of generated ones through the avatar pipeline)
  let avatars = 0;
  if (options.media) {
    const avatarUrls: string[] = [];
    for (let i = 0; i < Math.min(24, nUsers); i += 1) {
      avatarUrls.push((await options.media.processUpload(await renderAvatarImage(rng), 'avatar')).imageUrl);
    }
    const groups = new Map<string, number[]>();
    for (const id of userIds) {
      if (!rng.chance(0.8)) continue;
      const url = rng.pick(avatarUrls);
      groups.set(url, [...(groups.get(url) ?? []), id]);
      avatars += 1;
    }
    for (const [url, ids] of groups) await db.update(users).set({ profileImage: url }).where(inArray(users.id, ids));
  }
  log(`profile photos: ${avatars}`);

  // ---- plates, oldest first so ids follow time
  const postTimes = Array.from({ length: nPosts }, () => now - Math.floor(rng.next() * 180 * DAY)).sort((a, b) => a - b);
  const postRows = postTimes.map((at, i) => {
    const userIndex = rng.int(0, nUsers - 1);
    const dish = rng.pick(DISHES);
    return {
      userIndex,
      dish,
      row: {
        userId: userIds[userIndex]!,
        title: `${rng.pick(DISH_ADJ)} ${dish.name}`.slice(0, 50),
        description: rng.pick(DESCRIPTIONS),
        location: rng.chance(0.8) ? dish.city : null,
        ...pool[i % pool.length]!,
        altText: 'A generated picture of a dish on a plate',
        approvalStatus: 'approved' as const,
        approvedAt: new Date(at + 60_000),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      },
    };
  });
  // ---- planted for /admin/ratings (record 0034): a ring of three members (not the login account)
  // with three plates each, who rate each other's plates 5 stars and everyone else's 3 at most.
  const ring = nUsers >= 8 && nPosts >= 12 ? [1, 2, 3] : [];
  postRows.slice(0, ring.length * 3).forEach((p, i) => {
    p.userIndex = ring[i % ring.length]!;
    p.row.userId = userIds[p.userIndex]!;
  });
  const postIds = await insertReturningIds(db, posts, postRows.map((p) => p.row));
  log(`plates: ${postIds.length}`);

  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const cuisineId = new Map(categoryRows.filter((c) => (CUISINES as readonly string[]).includes(c.name)).map((c) => [c.name, c.id]));
  const postCategoryRows: Array<{ postId: number; categoryId: number }> = [];
  postIds.forEach((postId, i) => {
    // The dish's own cuisine; its wider one (Mediterranean) on some plates.
    const [own, wider] = postRows[i]!.dish.cuisines;
    const first = own && cuisineId.get(own);
    if (first) postCategoryRows.push({ postId, categoryId: first });
    const second = wider && cuisineId.get(wider);
    if (second && rng.chance(0.3)) postCategoryRows.push({ postId, categoryId: second });
  });
  await insertAll(db, postCategories, postCategoryRows);

  // ---- ratings and comments (one star rating per user and plate; comment-only rows unlimited)
  type RatingRow = { postId: number; userId: number; rating: number | null; comment: string | null; createdAt: Date };
  const ratingRows: RatingRow[] = [];
  const otherUser = (exclude: number) => {
    let index = rng.int(0, nUsers - 2);
    if (index >= exclude) index += 1;
    return index;
  };
  postRows.forEach(({ userIndex, row }, i) => {
    const postId = postIds[i]!;
    const raters = new Set<number>();
    const wanted = Math.min(nUsers - 1, rng.int(0, 6));
    while (raters.size < wanted) raters.add(otherUser(userIndex));
    const after = (row.createdAt as Date).getTime();
    const at = () => new Date(Math.min(now, after + Math.floor(rng.next() * 10 * DAY) + 60_000));
    for (const rater of raters) {
      ratingRows.push({
        postId,
        userId: userIds[rater]!,
        rating: rng.pick([2, 3, 3, 4, 4, 4, 5, 5, 5, 1]),
        comment: rng.chance(0.3) ? rng.pick(COMMENTS) : null,
        createdAt: at(),
      });
    }
    const commentsOnly = rng.int(0, 2) === 2 ? rng.int(1, 2) : 0;
    for (let c = 0; c < commentsOnly; c += 1) {
      const who = rng.chance(0.2) ? userIndex : otherUser(userIndex);
      ratingRows.push({ postId, userId: userIds[who]!, rating: null, comment: rng.pick(COMMENTS), createdAt: at() });
    }
  });
  if (ring.length > 0) {
    const ringIds = new Set(ring.map((i) => userIds[i]!));
    for (const r of ratingRows) if (r.rating !== null && ringIds.has(r.userId)) r.rating = Math.min(r.rating, 3);
    postRows.forEach(({ userIndex, row }, i) => {
      if (!ring.includes(userIndex)) return;
      const postId = postIds[i]!;
      for (const rater of ring) {
        if (rater === userIndex) continue;
        const existing = ratingRows.find((r) => r.postId === postId && r.userId === userIds[rater] && r.rating !== null);
        if (existing) existing.rating = 5;
        else ratingRows.push({ postId, userId: userIds[rater]!, rating: 5, comment: null, createdAt: new Date(Math.min(now, (row.createdAt as Date).getTime() + rng.int(1, 48) * 60 * MINUTE)) });
      }
    });
  }
  // The burst: the newest plate outside the ring, rated 5 by each new account in the last hours.
  const burstPlate = postIds[postRows.length - 1];
  if (burstIds.length > 0 && burstPlate !== undefined) {
    burstIds.forEach((userId, i) => ratingRows.push({ postId: burstPlate, userId, rating: 5, comment: null, createdAt: new Date(now - 6 * 60 * MINUTE + i * 25 * MINUTE) }));
  }
  ratingRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const ratingIds = await insertReturningIds(db, ratings, ratingRows.map((r) => ({ ...r, updatedAt: r.createdAt })));
  log(`ratings and comments: ${ratingIds.length}`);

  // ---- replies, hearts
  const commentIdx = ratingRows.map((r, i) => (r.comment ? i : -1)).filter((i) => i >= 0);
  type ReplyRow = { ratingId: number; userId: number; content: string; createdAt: Date; updatedAt: Date };
  const replyRows: ReplyRow[] = [];
  const heartRows: Array<{ ratingId: number; userId: number }> = [];
  for (const i of commentIdx) {
    const c = ratingRows[i]!;
    const commentId = ratingIds[i]!;
    const authorIndex = indexOfUser.get(c.userId)!;
    if (rng.chance(0.25)) {
      for (let k = rng.int(1, 2); k > 0; k -= 1) {
        const at = new Date(Math.min(now, c.createdAt.getTime() + rng.int(1, 48) * 3_600_000));
        replyRows.push({ ratingId: commentId, userId: userIds[otherUser(authorIndex)]!, content: rng.pick(REPLIES), createdAt: at, updatedAt: at });
      }
    }
    if (rng.chance(0.4)) {
      const hearts = new Set<number>();
      const wanted = Math.min(nUsers - 1, rng.int(1, 3));
      while (hearts.size < wanted) hearts.add(otherUser(authorIndex));
      for (const h of hearts) heartRows.push({ ratingId: commentId, userId: userIds[h]! });
    }
  }
  replyRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const replyIds = await insertReturningIds(db, commentReplies, replyRows);
  await insertAll(db, commentHearts, heartRows);
  const replyHeartRows: Array<{ replyId: number; userId: number }> = [];
  replyRows.forEach((r, i) => {
    if (!rng.chance(0.3)) return;
    replyHeartRows.push({ replyId: replyIds[i]!, userId: userIds[otherUser(indexOfUser.get(r.userId)!)]! });
  });
  await insertAll(db, replyHearts, replyHeartRows);
  log(`replies: ${replyRows.length}, hearts: ${heartRows.length + replyHeartRows.length}`);

  // ---- follows, saves, likes
  const followRows: Array<{ followerId: number; followingId: number }> = [];
  userIds.forEach((followerId, i) => {
    const targets = new Set<number>();
    const wanted = Math.min(nUsers - 1, rng.int(0, 12));
    while (targets.size < wanted) targets.add(otherUser(i));
    for (const t of targets) followRows.push({ followerId, followingId: userIds[t]! });
  });
  await insertAll(db, follows, followRows);
  const saveRows: Array<{ postId: number; userId: number }> = [];
  const likeRows: Array<{ postId: number; userId: number }> = [];
  if (postIds.length > 0) {
    userIds.forEach((userId) => {
      for (const [rows, max] of [
        [saveRows, 8],
        [likeRows, 20],
      ] as const) {
        const chosen = new Set<number>();
        const wanted = Math.min(postIds.length, rng.int(0, max));
        while (chosen.size < wanted) chosen.add(postIds[rng.int(0, postIds.length - 1)]!);
        for (const postId of chosen) rows.push({ postId, userId });
      }
    });
  }
  await insertAll(db, saves, saveRows);
  await insertAll(db, likes, likeRows);
  log(`follows: ${followRows.length}, saves: ${saveRows.length}, likes: ${likeRows.length}`);

  // ---- chats: accepted requests that opened conversations with messages (some read, some not), a
  // few reactions, and pending requests. The login member (the first user) always has some of each.
  const pairOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
  const talking = new Map<string, [number, number]>(); // sender index, receiver index
  const addConversation = (from: number, to: number) => {
    if (from !== to && !talking.has(pairOf(from, to))) talking.set(pairOf(from, to), [from, to]);
  };
  for (let k = 1; k <= Math.min(5, nUsers - 1); k += 1) addConversation(k, 0);
  userIds.forEach((_, i) => {
    for (let k = rng.int(0, 2); k > 0; k -= 1) addConversation(i, otherUser(i));
  });
  const conversations = [...talking.values()].map(([from, to]) => ({ from, to, at: now - rng.int(1, 60) * DAY + rng.int(0, 23 * 60) * MINUTE }));
  const acceptedIds = await insertReturningIds(
    db,
    chatRequests,
    conversations.map((c) => ({ senderId: userIds[c.from]!, receiverId: userIds[c.to]!, status: 'accepted' as const, message: rng.pick(GREETINGS), createdAt: new Date(c.at) })),
  );
  // Messages per conversation, alternating mostly, a few minutes to hours apart.
  const messageRows: Array<{ sessionIndex: number; senderId: number; receiverId: number; content: string; createdAt: Date }> = [];
  const lastAt: number[] = [];
  conversations.forEach((c, index) => {
    let at = c.at + rng.int(5, 120) * MINUTE;
    let sender = c.to; // the receiver accepted and says hello first
    for (let m = rng.int(1, 12); m > 0; m -= 1) {
      const content = rng.pick(CHAT_LINES);
      messageRows.push({ sessionIndex: index, senderId: userIds[sender]!, receiverId: userIds[sender === c.from ? c.to : c.from]!, content, createdAt: new Date(Math.min(at, now)) });
      at += rng.int(1, 180) * MINUTE;
      if (rng.chance(0.8)) sender = sender === c.from ? c.to : c.from;
    }
    // The login member's first two conversations end with the other person's words, left unread below.
    if (index < 2 && messageRows[messageRows.length - 1]!.senderId === userIds[0]) {
      const content = rng.pick(CHAT_LINES);
      messageRows.push({ sessionIndex: index, senderId: userIds[c.from]!, receiverId: userIds[0]!, content, createdAt: new Date(Math.min(at, now)) });
    }
    lastAt[index] = messageRows[messageRows.length - 1]!.createdAt.getTime();
  });
  const sessionIds = await insertReturningIds(
    db,
    chatSessions,
    conversations.map((c, index) => ({
      requestId: acceptedIds[index]!,
      user1Id: userIds[c.from]!,
      user2Id: userIds[c.to]!,
      createdAt: new Date(c.at),
      lastMessageAt: new Date(lastAt[index]!),
    })),
  );
  const messageIds = await insertReturningIds(
    db,
    chatMessages,
    messageRows.map(({ sessionIndex, content, ...m }) => ({ ...m, sessionId: sessionIds[sessionIndex]!, content, text: content, timestamp: m.createdAt })),
  );
  // Read markers: whoever wrote last has read everything; the other member has read it all, some
  // of it, or nothing yet (the login member keeps a couple of unread conversations).
  const bySession = new Map<number, number[]>(); // session index -> message row indexes
  messageRows.forEach((m, i) => bySession.set(m.sessionIndex, [...(bySession.get(m.sessionIndex) ?? []), i]));
  const userDataRows: Array<{ sessionId: number; userId: number; lastReadMessageId: number | null; lastReadAt: Date | null }> = [];
  conversations.forEach((c, index) => {
    const rows = bySession.get(index)!;
    const last = rows[rows.length - 1]!;
    for (const member of [userIds[c.from]!, userIds[c.to]!]) {
      let upTo: number | null = last;
      if (messageRows[last]!.senderId !== member) {
        const unread = member === userIds[0] ? index < 2 : rng.chance(0.4);
        if (unread) {
          const earlier = rows.filter((r) => messageRows[r]!.senderId === member);
          upTo = earlier.length > 0 ? earlier[earlier.length - 1]! : null;
        }
      }
      userDataRows.push({
        sessionId: sessionIds[index]!,
        userId: member,
        lastReadMessageId: upTo === null ? null : messageIds[upTo]!,
        lastReadAt: upTo === null ? null : messageRows[upTo]!.createdAt,
      });
    }
  });
  await insertAll(db, chatSessionUserData, userDataRows);
  const reactionRows = messageRows.flatMap((m, i) => (rng.chance(0.1) ? [{ messageId: messageIds[i]!, userId: m.receiverId, emoji: rng.pick(CHAT_REACTIONS), createdAt: m.createdAt }] : []));
  await insertAll(db, messageReactions, reactionRows);
  // Pending requests between people who have no conversation yet: two waiting for the login member.
  const pendingRows: Array<{ senderId: number; receiverId: number; message: string; createdAt: Date }> = [];
  const askers = userIds.map((_, i) => i).filter((i) => i !== 0 && !talking.has(pairOf(i, 0)));
  for (const i of askers.slice(0, 2)) {
    pendingRows.push({ senderId: userIds[i]!, receiverId: userIds[0]!, message: rng.pick(GREETINGS), createdAt: new Date(now - rng.int(1, 48) * 60 * MINUTE) });
    talking.set(pairOf(i, 0), [i, 0]);
  }
  for (let k = Math.floor(nUsers / 20); k > 0; k -= 1) {
    const from = rng.int(0, nUsers - 1);
    const to = otherUser(from);
    if (talking.has(pairOf(from, to))) continue;
    talking.set(pairOf(from, to), [from, to]);
    pendingRows.push({ senderId: userIds[from]!, receiverId: userIds[to]!, message: rng.pick(GREETINGS), createdAt: new Date(now - rng.int(1, 72) * 60 * MINUTE) });
  }
  await insertAll(db, chatRequests, pendingRows);
  log(`conversations: ${sessionIds.length}, messages: ${messageIds.length}, reactions: ${reactionRows.length}, pending requests: ${pendingRows.length}`);

  // ---- counters and points, in SQL over the seeded rows
  const firstPost = postIds[0] ?? 0;
  const lastPost = postIds[postIds.length - 1] ?? -1;
  const firstUser = userIds[0]!;
  const lastUser = userIds[userIds.length - 1]!;
  const lastSeeded = burstIds[burstIds.length - 1] ?? lastUser;
  await db.execute(sql`
    update ${posts} p set
      rating_count = coalesce(a.rc, 0), rating_sum = coalesce(a.rs, 0), comment_count = coalesce(a.cc, 0),
      save_count = coalesce(s.sc, 0)
    from (select id from ${posts} where id between ${firstPost} and ${lastPost}) x
    left join (
      select post_id, count(rating)::int rc, coalesce(sum(rating), 0)::int rs, count(comment)::int cc
      from ${ratings} where post_id between ${firstPost} and ${lastPost} group by post_id
    ) a on a.post_id = x.id
    left join (select post_id, count(*)::int sc from ${saves} where post_id between ${firstPost} and ${lastPost} group by post_id) s
      on s.post_id = x.id
    where p.id = x.id`);
  await db.execute(sql`
    update ${ratings} r set reply_count = coalesce(c.n, 0), heart_count = coalesce(h.n, 0)
    from (select id from ${ratings} where post_id between ${firstPost} and ${lastPost}) x
    left join (select rating_id, count(*)::int n from ${commentReplies} group by rating_id) c on c.rating_id = x.id
    left join (select rating_id, count(*)::int n from ${commentHearts} group by rating_id) h on h.rating_id = x.id
    where r.id = x.id`);
  await db.execute(sql`
    update ${commentReplies} cr set heart_count = h.n
    from (select reply_id, count(*)::int n from ${replyHearts} group by reply_id) h
    where cr.id = h.reply_id and cr.user_id between ${firstUser} and ${lastUser}`);

  // The ledger the points service would have written, one row per (user, rule, entity).
  const award = (action: string, select: ReturnType<typeof sql>) => sql`
    insert into point_transactions (user_id, point_rule_id, points, description, related_entity_type, related_entity_id, "timestamp")
    select s.user_id, pr.id, pr.points_awarded, pr.description, s.entity_type, s.entity_id, s.at
    from (${select}) s cross join point_rules pr
    where pr.action_type = ${action} and pr.is_active and pr.points_awarded <> 0`;
  const inPosts = sql`between ${firstPost} and ${lastPost}`;
  await db.execute(award('post_approved', sql`select user_id, 'post' entity_type, id entity_id, approved_at at from posts where id ${inPosts}`));
  await db.execute(
    award(
      'rating_received',
      sql`select p.user_id, 'rating' entity_type, r.id entity_id, r.created_at at from ratings r join posts p on p.id = r.post_id where r.rating is not null and r.post_id ${inPosts}`,
    ),
  );
  await db.execute(
    award('rating_given', sql`select user_id, 'post' entity_type, post_id entity_id, created_at at from ratings where rating is not null and post_id ${inPosts}`),
  );
  await db.execute(
    award(
      'comment_given',
      // as the service does: nothing for commenting on your own plate
      sql`select r.user_id, 'post' entity_type, r.post_id entity_id, min(r.created_at) at from ratings r join posts p on p.id = r.post_id
          where r.comment is not null and r.user_id <> p.user_id and r.post_id ${inPosts} group by r.user_id, r.post_id`,
    ),
  );
  await db.execute(
    award(
      'follow_received',
      sql`select following_id user_id, 'user' entity_type, follower_id entity_id, created_at at from follows where follower_id between ${firstUser} and ${lastUser}`,
    ),
  );
  await db.execute(sql`
    update ${users} u set points = t.total, level = ${sql.raw(levelCase('t.total'))}
    from (select user_id, sum(points)::int total from point_transactions where user_id between ${firstUser} and ${lastSeeded} group by user_id) t
    where u.id = t.user_id`);
  // The admin area's queues and pages (after the counters: featured plates are the best rated).
  const admin = await seedAdminArea(db, { rng, now, userIds, postIds, commentIds: commentIdx.slice(0, 20).map((i) => ratingIds[i]!) });
  log(`admin area: ${JSON.stringify(admin)}`);
  // The counter updates above leave a dead row version per plate and member, and the inserts a GIN
  // pending list that every search would scan: clear them now rather than wait for autovacuum
  // (which a server may have off), so what is measured next is the data, not the seeding.
  await db.execute(sql`vacuum analyze`);

  const first = userRows[0]!;
  return {
    login: { username: first.username, password: options.password },
    counts: {
      users: userIds.length,
      posts: postIds.length,
      images: pool.length,
      avatars,
      ratings: ratingRows.filter((r) => r.rating !== null).length,
      comments: commentIdx.length,
      replies: replyRows.length,
      commentHearts: heartRows.length,
      replyHearts: replyHeartRows.length,
      follows: followRows.length,
      saves: saveRows.length,
      likes: likeRows.length,
      conversations: sessionIds.length,
      messages: messageIds.length,
      reactions: reactionRows.length,
      pendingRequests: pendingRows.length,
      ...admin,
      ringMembers: ring.length,
      burstAccounts: burstIds.length,
    },
    userIds: { first: firstUser, last: lastUser },
    postIds: { first: firstPost, last: lastPost },
    ms: Date.now() - started,
  };
}
