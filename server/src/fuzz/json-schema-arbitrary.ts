import fc from 'fast-check';

/**
 * A fast-check arbitrary of the values a JSON Schema accepts, for the schemas `z.toJSONSchema()`
 * writes (through fastify-type-provider-zod's OpenAPI transform): type, enum, const, bounds,
 * lengths, formats, patterns, required and optional properties, anyOf/oneOf, nullable, $ref into
 * `#/components/schemas`. No maintained generator reads zod 4 schemas (zod-fast-check stops at
 * zod 3 and fast-check 3), so the fuzzer works from the document the app already publishes.
 * Generated values aim at "valid"; the server may still refuse some (a refinement, a rule), which
 * is fine: only 5xx fail the fuzz.
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  nullable?: boolean;
  default?: unknown;
};

export interface GeneratorContext {
  /** `components.schemas` of the OpenAPI document, for `$ref`. */
  components?: Record<string, JsonSchema>;
  /** Ids that exist: integer fields named `id`, `…Id` or `…Ids` take these most of the time, to get past "not found". */
  ids?: number[];
  /** Every optional property present (the sweep wants each field there to spoil it). */
  allKeys?: boolean;
}

const MAX_DEPTH = 6;

export function arbitraryFor(schema: JsonSchema, context: GeneratorContext = {}, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (context.ids?.length && schema.type === 'integer' && /(^id|Id|Ids)$/.test(name)) {
    return fc.oneof({ arbitrary: fc.constantFrom(...context.ids), weight: 4 }, { arbitrary: single('integer', schema, context, depth), weight: 1 });
  }
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    const target = context.components?.[name];
    return target ? arbitraryFor(target, context, depth + 1) : fc.constant(null);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryFor(option, context, depth + 1, name)));
  if (schema.allOf?.length) return arbitraryFor(Object.assign({}, ...schema.allOf) as JsonSchema, context, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, context, depth, name)));
  const base = single(types[0], schema, context, depth, name);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function single(type: string | undefined, schema: JsonSchema, context: GeneratorContext, depth: number, name = ''): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === 'integer' ? 1 : 1e-9) : undefined);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (type === 'integer' ? 1 : 1e-9) : undefined);
      if (type === 'integer') {
        return fc.integer({
          min: Math.max(Math.ceil(min ?? -1e6), Number.MIN_SAFE_INTEGER),
          max: Math.min(Math.floor(max ?? 1e6), Number.MAX_SAFE_INTEGER),
        });
      }
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => arbitraryFor(item, context, depth + 1)));
      return fc.array(arbitraryFor(schema.items ?? {}, context, depth + 1, name), { minLength, maxLength });
    }
    case 'object':
      return objectFor(schema, context, depth);
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(schema: JsonSchema, context: GeneratorContext, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const values = typeof schema.additionalProperties === 'object' ? arbitraryFor(schema.additionalProperties, context, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 });
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) record[key] = arbitraryFor(properties[key] ?? {}, context, depth + 1, key);
  return fc.record(record, { requiredKeys: context.allKeys ? keys : (schema.required ?? []).filter((key) => keys.includes(key)) });
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  'date-time': () => fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: () => fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 40);
  const format = schema.format ? FORMATS[schema.format] : undefined;
  if (format) return format();
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= maxLength);
    } catch {
      // A pattern JavaScript cannot compile: fall through to plain text.
    }
  }
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 60) });
}
