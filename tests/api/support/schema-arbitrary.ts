/**
 * fast-check arbitraries from the OpenAPI document's JSON Schemas (dereferenced): values a schema
 * accepts, and values it may refuse (a wrong type, a missing required field, any JSON at all), for
 * the generated run (openapi-fuzz.test.ts). Covers the keywords the document uses.
 */
import fc from 'fast-check';

export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const INT32 = 2_147_483_647;

function patterned(s: Schema): fc.Arbitrary<string> {
  try {
    const re = new RegExp(s.pattern!);
    const max = s.maxLength;
    return fc.stringMatching(re).filter((v) => max === undefined || v.length <= max);
  } catch {
    return fc.string({ maxLength: s.maxLength ?? 40 });
  }
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.pattern) return patterned(s);
  if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 60);
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcXYZ019 _-.@éß'.split('')) });
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : -INT32);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : INT32);
  const ilo = Math.ceil(Math.max(lo, -INT32));
  const ihi = Math.floor(Math.min(hi, INT32));
  const decimals = fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((v) => Math.min(hi, Math.max(lo, Math.round(v * 100) / 100)));
  if (ilo > ihi) return decimals;
  // Small values reach real rows (ids, amounts); the full range reaches the bounds.
  const base = Math.max(ilo, Math.min(ihi, 0));
  const near = fc.integer({ min: base, max: Math.min(ihi, base + 40) });
  const whole = fc.integer({ min: ilo, max: ihi });
  return integer ? fc.oneof(near, whole) : fc.oneof(near, whole, decimals);
}

/** Values the schema accepts. */
export function valid(s: Schema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(valid));
  if (s.allOf) return valid(Object.assign({}, ...s.allOf));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? valid(s.items) : fc.jsonValue(), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object':
    case undefined: {
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.constant({});
      const required = s.required ?? [];
      return fc.record(Object.fromEntries(keys.map((k) => [k, valid(props[k])])), { requiredKeys: keys.filter((k) => required.includes(k)) });
    }
    default:
      return fc.jsonValue();
  }
}

const wrongValue = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 300 }), fc.constant([]), fc.constant({}), fc.string({ minLength: 1, maxLength: 5000 }));

/** Values the schema may refuse: a field of a valid value made wrong or dropped, or any JSON. */
export function invalid(s: Schema): fc.Arbitrary<unknown> {
  const objectSchema = s.properties ? s : (s.anyOf ?? s.oneOf)?.find((x) => x.properties);
  const broken =
    objectSchema?.properties && Object.keys(objectSchema.properties).length > 0
      ? fc
          .tuple(valid(objectSchema), fc.constantFrom(...Object.keys(objectSchema.properties)), wrongValue, fc.boolean())
          .map(([v, key, bad, drop]) => {
            const o = { ...(v as Record<string, unknown>) };
            if (drop) delete o[key];
            else o[key] = bad;
            return o;
          })
      : null;
  return broken ? fc.oneof(broken, broken, fc.jsonValue()) : fc.oneof(wrongValue, fc.jsonValue());
}
