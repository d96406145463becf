/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): error is { constraint?: string } {
  return pgCode(error) === '23505';
}

/** The constraint a violation names, looking through Drizzle's wrapper. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/**
 * True when PostgreSQL cancelled the statement (57014: DATABASE_STATEMENT_TIMEOUT_MS ran out, or an
 * operator cancelled it) or no pooled connection came free in time: the database is overloaded,
 * not the request wrong. Answered 503 (plugins/errors.ts).
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (pgCode(error) === '57014') return true;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && e.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
