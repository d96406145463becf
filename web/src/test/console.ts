/** Records console.error calls during a test; see setup.ts. */
let calls: unknown[][] = [];
let allowed = false;

export const consoleErrors = {
  reset() {
    calls = [];
    allowed = false;
  },
  record(args: unknown[]) {
    calls.push(args);
  },
  unexpected(): unknown[][] {
    return allowed ? [] : calls;
  },
  all(): unknown[][] {
    return calls;
  },
};

/** For a test that expects console errors (an error boundary test, say). */
export function allowConsoleErrors() {
  allowed = true;
}
