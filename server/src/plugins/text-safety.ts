import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@plates/common';
import { AppError } from '../lib/app-error.js';

/**
 * Text no request may carry, whatever the field: a NUL character (PostgreSQL cannot store it in
 * text, so it used to surface as a 500 from the database) and a lone UTF-16 surrogate (no UTF-8
 * spelling exists, so it cannot be stored or sent on faithfully). Checked in one place for every
 * route, before its schema runs: the request's JSON body, query string and path parameters here,
 * and the text fields of multipart forms where they are read (modules/media/multipart.ts).
 */
export function registerTextSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnsafeText(part);
      if (field !== undefined) throw unsafeTextError(field);
    }
  });
}

export function unsafeTextError(field: string): AppError {
  return new AppError('VALIDATION_ERROR', MESSAGES.unsafeText, field || undefined);
}

/**
 * The dotted path of the first string (value or key) in `value` holding a NUL or a lone
 * surrogate ('' for `value` itself; an unsafe key names the object holding it), or undefined
 * when all is well. Walks without recursion and builds a path only for what it finds, so a deeply
 * nested body costs time in proportion to its size (a JSON body of 64 KB nests 32,000 deep).
 */
export function findUnsafeText(value: unknown): string | undefined {
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, key: String(i), parent: step }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (isUnsafeText(key)) return pathOf(step);
        pending.push({ value: item, key, parent: step });
      }
    }
  }
  return undefined;
}

interface Step {
  value: unknown;
  key?: string;
  parent?: Step;
}

/** `a.b.0.c` from the root to `step`, its first 200 characters. */
function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
  const path = keys.reverse().join('.');
  return path.length > 200 ? `${path.slice(0, 199)}…` : path;
}

/** A surrogate without its other half (ES2024's String#isWellFormed, on this ES2023 target). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnsafeText = (text: string): boolean => text.includes('\0') || LONE_SURROGATE.test(text);
