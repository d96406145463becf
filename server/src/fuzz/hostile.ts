import fc from 'fast-check';

/** JSON text put in a body as is: what `JSON.stringify` cannot write (-0, 1e309, a `__proto__` key). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `JSON.stringify` that writes `RawJson` values as their text. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function nested(depth: number, open: string, close: string, inner = '1'): RawJson {
  return new RawJson(open.repeat(depth) + inner + close.repeat(depth));
}

/** Values no field expects: wrong types, extreme numbers, NUL, broken Unicode, huge and deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2147483648,
    -2147483649,
    new RawJson('-0'),
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.0000000000000000000000000000001'),
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '',
    ' ',
    'null',
    'undefined',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202e\u200b\ufeff',
    '🍝'.repeat(500),
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '%00%ff',
    '../../../../etc/passwd',
    '2026-02-30',
    '9999-12-31T23:59:59.999Z',
    'x'.repeat(10_000),
    'x'.repeat(300_000),
    [],
    [null],
    {},
    { __proto__: null },
    new RawJson('{"__proto__":{"isAdmin":true}}'),
    new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
    nested(2_000, '[', ']'),
    nested(2_000, '{"a":', '}'),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * What the sweep puts in every field of a full valid body, one at a time: the values that once
 * answered 500 somewhere (0014: NUL and lone surrogates reached the database) and the wrong types.
 */
export const SWEEP_VALUES: unknown[] = ['a\u0000b', 'a\ud800b', new RawJson('1e309'), new RawJson('-0'), 2147483648, 'x'.repeat(300_000), {}, [], null];

/** Every path to a value inside `value` (object keys and array indexes), the root included. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

export function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/**
 * A hostile body made from a valid one: a field (or the whole body) swapped for a hostile value,
 * a field dropped, extra and prototype keys added, the object wrapped in an array, or raw text
 * that is not JSON at all. Answers the JSON text to send.
 */
export function hostileBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(valid, fc.nat(), hostileValue).map(([body, pick, bad]) => {
      const paths = pathsOf(body);
      return toJsonText(replaceAt(body, paths[pick % paths.length] ?? [], bad));
    }),
    fc.tuple(valid, fc.nat()).map(([body, pick]) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return toJsonText(body);
      const keys = Object.keys(body);
      const drop = keys[pick % Math.max(keys.length, 1)];
      return toJsonText(Object.fromEntries(Object.entries(body).filter(([k]) => k !== drop)));
    }),
    fc.tuple(valid, fc.string({ maxLength: 20 }), hostileValue).map(([body, key, bad]) => {
      const text = toJsonText(body);
      if (!text.startsWith('{')) return text;
      const extra = `${JSON.stringify(key)}:${toJsonText(bad)},"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}`;
      return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
    }),
    valid.map((body) => `[${toJsonText(body)}]`),
    fc.constantFrom('', '{', '{"a":1,}', 'null', '"text"', '[]', '12', '{"a":1}{"b":2}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}'),
  );
}
