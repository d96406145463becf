/** The ten cooking levels (document 2 §3) and the points maths shared by server and client. */
export const LEVELS = [
  { level: 1, name: 'Fresh Cook', minPoints: 0 },
  { level: 2, name: 'Kitchen Helper', minPoints: 1000 },
  { level: 3, name: 'Home Chef', minPoints: 2500 },
  { level: 4, name: 'Recipe Creator', minPoints: 5000 },
  { level: 5, name: 'Food Enthusiast', minPoints: 10000 },
  { level: 6, name: 'Culinary Artist', minPoints: 25000 },
  { level: 7, name: 'Master Chef', minPoints: 50000 },
  { level: 8, name: 'Culinary Legend', minPoints: 100000 },
  { level: 9, name: 'Kitchen Virtuoso', minPoints: 200000 },
  { level: 10, name: 'Culinary God', minPoints: 400000 },
] as const;

export type Level = (typeof LEVELS)[number];
export const MAX_LEVEL = LEVELS[LEVELS.length - 1]!.level;

/** The level a points total reaches (negative totals count as 0). */
export function levelForPoints(points: number): Level {
  let reached: Level = LEVELS[0];
  for (const l of LEVELS) if (points >= l.minPoints) reached = l;
  return reached;
}

export interface LevelProgress {
  level: Level;
  next: Level | undefined;
  /** Points still needed for the next level; 0 at the top. */
  pointsToNext: number;
  /** Position between this level's threshold and the next, 0-100; 100 at the top. */
  progressPercent: number;
}

export function levelProgress(points: number): LevelProgress {
  const level = levelForPoints(points);
  const next = LEVELS.find((l) => l.level === level.level + 1);
  if (!next) return { level, next: undefined, pointsToNext: 0, progressPercent: 100 };
  const span = next.minPoints - level.minPoints;
  const into = Math.max(0, points - level.minPoints);
  return {
    level,
    next,
    pointsToNext: next.minPoints - Math.max(points, level.minPoints),
    progressPercent: Math.min(100, (into / span) * 100),
  };
}
