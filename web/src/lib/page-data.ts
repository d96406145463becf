import { PAGE_DATA_ID, type PageData } from '@plates/common';
import { authStorage } from './storage';

/**
 * The API answers the server wrote into this page (common/src/page-data.ts): the first render
 * shows them at once instead of asking the network. Each answer is used once, by the first query
 * that asks for its path, and only while the page is new: later views ask the server as usual.
 */
export const PAGE_ANSWERS_FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;
/** When the page began, on `performance.now()`'s clock: 0 for a real page; a test's reset moves it. */
let pageStart = 0;

function readBlock(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block) return found;
  block.remove();
  let data: PageData;
  try {
    data = JSON.parse(block.textContent ?? '') as PageData;
  } catch {
    return found; // a damaged block: the app asks for everything itself
  }
  // The answers are the session cookie's; a stored bearer token speaks first in every request
  // the app makes, so its member must be the same one.
  const sameViewer = authStorage.getToken() === null || authStorage.getUserId() === String(data.viewer);
  if (sameViewer && data.answers && typeof data.answers === 'object') {
    for (const [path, answer] of Object.entries(data.answers)) found.set(path, answer);
  }
  return found;
}

/** The page's answer to GET `path`, once; undefined when it has none (or no longer a fresh one). */
export function takePageAnswer<T>(path: string): T | undefined {
  answers ??= readBlock();
  if (!answers.has(path)) return undefined;
  const answer = answers.get(path) as T;
  answers.delete(path);
  return performance.now() - pageStart < PAGE_ANSWERS_FRESH_MS ? answer : undefined;
}

/**
 * Forgets what was read, so a test can write another block, and counts the page as new from now
 * (a test file may run long after its worker started).
 */
export function resetPageAnswers(): void {
  answers = undefined;
  pageStart = performance.now();
}
