/** The words beside a photo's quality score: 80+ great, 60+ good, below that it could be better. */
export function scoreWords(score: number): { words: string; tone: 'great' | 'good' | 'better' } {
  if (score >= 80) return { words: 'Great photo', tone: 'great' };
  if (score >= 60) return { words: 'Good', tone: 'good' };
  return { words: 'Could be better', tone: 'better' };
}

/** A confidence 0-1 as a whole percent ("78% match"). */
export function matchText(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}% match`;
}
