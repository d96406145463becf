// Every JSON body of the API, fuzzed from its own schema (issue 18). The routes come from the
// running app's OpenAPI document, which fastify-type-provider-zod writes from each route's zod
// schemas with z.toJSONSchema(): a route added tomorrow is fuzzed tomorrow without a line here.
// For each route, fast-check sends bodies its schema accepts and hostile mutations of them (wrong
// types, extreme numbers, -0, 1e309, NUL, lone surrogates, 300 KB strings, 2,000-deep nesting,
// extra and __proto__/constructor keys, arrays for objects, text that is not JSON), as a member or,
// under /api/admin, as an admin, with path parameters set to existing and odd ids. Every answer
// must be under 500 and every refusal the catalogue's `{message, code, field?}`. Write routes that
// take no JSON body get the hostile texts too.
//
// Then a deterministic sweep: one full valid body per route, each field in turn set to each of
// SWEEP_VALUES (NUL, lone surrogate, 1e309, -0, 2^31, 300 KB, {}, [], null).
//
// Bounded: FUZZ_RUNS (default 8) valid-or-hostile draws x 2 per route plus the sweep, about 3,200
// requests in all, under a minute here. FUZZ_SEED (default fixed) reproduces a failure: the failure message prints both.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorBody } from '@plates/common';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../test/factories.js';
import { arbitraryFor, type JsonSchema } from './json-schema-arbitrary.js';
import { hostileBody, pathsOf, replaceAt, SWEEP_VALUES, toJsonText } from './hostile.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);

interface Operation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: JsonSchema;
  params: Array<{ name: string; schema: JsonSchema }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, {
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let t: TestApp;
let doc: OpenApiDocument;
const who: { member?: { authorization: string }; admin?: { authorization: string } } = {};
let existingIds: number[] = [];

async function freshMember(): Promise<{ authorization: string }> {
  return (await makeSignedInUser(t.app)).headers;
}
async function freshAdmin(): Promise<{ authorization: string }> {
  return (await makeSignedInUser(t.app, { isAdmin: true })).headers;
}

/** A fuzzed body may have signed the member out, deactivated or banned them: start each route signed in. */
async function stillSignedIn(headers: { authorization: string } | undefined): Promise<boolean> {
  if (!headers) return false;
  const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
  return res.statusCode === 200;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  doc = t.app.swagger() as unknown as OpenApiDocument;
  const cook = await makeSignedInUser(t.app);
  who.member = cook.headers;
  who.admin = await freshAdmin();
  const post = await makePost(t.app, { userId: cook.user.id });
  existingIds = [post.id, cook.user.id, 1, 2];
});
afterAll(async () => {
  await t?.close();
});

function operations(): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'POST' && upper !== 'PUT' && upper !== 'PATCH' && upper !== 'DELETE') continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const params = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      list.push({ method: upper, path, ...(body ? { body } : {}), params });
    }
  }
  return list;
}

const ODD_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%00', '1e3', '%201', '0x10', '%F0%9F%8D%9D'];

function paramArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const odd = fc.constantFrom(...ODD_IDS);
  if (schema.enum) {
    return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum.map(String)), weight: 4 }, { arbitrary: odd, weight: 1 });
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    return fc.oneof({ arbitrary: fc.constantFrom(...existingIds.map(String)), weight: 4 }, { arbitrary: odd, weight: 1 });
  }
  return fc.oneof(fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent), odd);
}

function urlArbitrary(op: Operation): fc.Arbitrary<string> {
  if (op.params.length === 0) return fc.constant(op.path);
  return fc.tuple(...op.params.map((p) => paramArbitrary(p.schema))).map((values) =>
    op.params.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? '1'), op.path),
  );
}

interface Finding {
  route: string;
  problem: string;
}

/** What is wrong with one answer, if anything. */
function problemWith(res: { statusCode: number; body: string; headers: Record<string, unknown> }): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const shape = ErrorBody.strict().safeParse(parsed);
  if (!shape.success) return `answered ${res.statusCode} with a body not of the catalogue's shape: ${res.body.slice(0, 200)}`;
  if (!(shape.data.code in ERROR_CODES)) return `answered the code ${shape.data.code}, not in the catalogue`;
  if (shape.data.message.trim() === '') return `answered ${res.statusCode} with an empty message`;
  return undefined;
}

describe('every JSON body, fuzzed from its schema', () => {
  it('never answers 5xx, always answers refusals in the catalogue shape, and keeps memory bounded', async () => {
    const ops = operations();
    // The document must list the routes: a broken transform must not make this test pass empty.
    expect(ops.filter((op) => op.body).length).toBeGreaterThan(50);
    const heapBefore = process.memoryUsage().heapUsed;
    const findings: Finding[] = [];
    let sent = 0;

    for (const op of ops) {
      const route = `${op.method} ${op.path}`;
      const asAdmin = op.path.startsWith('/api/admin');
      if (asAdmin && !(await stillSignedIn(who.admin))) who.admin = await freshAdmin();
      if (!asAdmin && !(await stillSignedIn(who.member))) who.member = await freshMember();
      const headers = { ...(asAdmin ? who.admin : who.member), 'content-type': 'application/json' };

      const context = { components: doc.components?.schemas ?? {}, ids: existingIds };
      const valid = op.body ? arbitraryFor(op.body, context) : fc.constant({});
      const bodies = op.body
        ? fc.oneof({ arbitrary: valid.map((v) => JSON.stringify(v) ?? 'null'), weight: 1 }, { arbitrary: hostileBody(valid), weight: 1 })
        : hostileBody(fc.constant({}));
      const result = await fc.check(
        fc.asyncProperty(urlArbitrary(op), bodies, async (url, payload) => {
          sent += 1;
          const res = await t.app.inject({ method: op.method, url, headers, payload });
          const problem = problemWith(res);
          if (problem) throw new Error(`${op.method} ${url} ${problem}`);
        }),
        { numRuns: op.body ? RUNS * 2 : Math.max(2, Math.ceil(RUNS / 2)), seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample)?.slice(0, 300);
        findings.push({
          route,
          problem: `${'errorInstance' in result ? String((result.errorInstance as Error).message) : 'the run was interrupted'} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, counterexample ${example})`,
        });
      }

      // The sweep: one full valid body (every optional field present), each field in turn spoiled
      // with each SWEEP_VALUES value, path parameters on an existing id. Deterministic, so a NUL in
      // any text field is tried on every run, not left to the draw.
      if (op.body) {
        const [full] = fc.sample(arbitraryFor(op.body, { ...context, allKeys: true }), { seed: SEED, numRuns: 1 });
        const url = op.params.reduce((u, p) => u.replace(`{${p.name}}`, p.schema.enum ? String(p.schema.enum[0]) : String(existingIds[0])), op.path);
        for (const at of pathsOf(full)) {
          for (const bad of SWEEP_VALUES) {
            sent += 1;
            const res = await t.app.inject({ method: op.method, url, headers, payload: toJsonText(replaceAt(full, at, bad)) });
            const problem = problemWith(res);
            if (problem) findings.push({ route, problem: `sweep: ${at.join('.') || '(body)'} = ${toJsonText(bad).slice(0, 20)}: ${problem}` });
          }
        }
      }
    }

    // Printed on failure so the run can be repeated; the list names every route at fault.
    expect(findings, `fuzzed ${ops.length} routes with ${sent} requests, seed ${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length);
    // Bounded memory: the run's garbage is collectable, so growth stays far under what a leak of
    // the 300 KB strings sent hundreds of times would keep.
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(grownMb, `heap grew by ${grownMb.toFixed(0)} MB`).toBeLessThan(400);
    expect(process.memoryUsage().rss / 1024 / 1024).toBeLessThan(2_000);
  }, 240_000);
});
