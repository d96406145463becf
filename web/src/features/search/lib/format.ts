/** "4.3": an average rating to one decimal (document 2 §2). */
export function formatAverage(average: number): string {
  return Number(average).toFixed(1);
}

/** "1,234"; "1,000+" when the server's count stopped at its cap (`…Capped`: more match). */
export function formatCount(count: number, capped = false): string {
  return `${count.toLocaleString('en')}${capped ? '+' : ''}`;
}

export function plural(count: number, one: string, many: string, capped = false): string {
  return `${formatCount(count, capped)} ${count === 1 && !capped ? one : many}`;
}

/** One entry per id: a plate that moved between two pages while paging shows once. */
export function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}

/** The line under a search result list whose next page failed (with Try Again). */
export function searchErrorText(message: string): string {
  return `Error loading search results: ${message}`;
}
