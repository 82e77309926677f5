import fc from 'fast-check';

/** The part of JSON Schema the committed OpenAPI document uses for parameters and request bodies. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
}

/**
 * Strings that mean something to the fixture (the callers' names and passwords, a user the fuzzer may
 * freely damage), so that logins, registrations and user edits sometimes succeed or conflict instead of
 * always missing.
 */
const MEANINGFUL_STRINGS = ['guest', 'member', 'member-password', 'admin', 'admin-password', 'victim'];

/** Text a hostile client sends where the server expects a word or a number. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '-0',
    '1.5',
    '1e309',
    '9007199254740993',
    '2147483648',
    '4294967296',
    '999999999999',
    '99999999999999999999999999999999',
    'NaN',
    'Infinity',
    '0x10',
    ' 1',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '\u0000',
    '\uFEFF1',
    '\uD800',
    'ＲＪ１２３４５６',
    '😀'.repeat(50),
    "' OR 1=1 --",
    '%',
    '$tag:',
    '$tag:x$$-va:$',
    '$duration:1e400h$',
    '$-duration:0m$',
    '$rate:-Infinity$',
    '$price:99999999999999999999$',
    '$sell:-1$',
    '$age:x$',
    '$subtitle:2$',
    '$va:%$',
    '$tag:_$ %_\\',
    'extra',
    'extra/',
    '/extra',
    'extra/../..',
    '01 intro.wav',
    '../../../../etc/passwd',
    'a'.repeat(5_000),
    '<script>alert(1)</script>',
  ),
  ...MEANINGFUL_STRINGS.map((text) => fc.constant(text)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Any JSON value, for a field of the wrong type. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1e308, -1e308, 2 ** 53, 0.1, [], {}),
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
);

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  // The ends of the range, and for fractions the smallest ones (what a database's float columns may not hold).
  const tiny = integer || schema.multipleOf ? [] : [Number.MIN_VALUE, 1e-40];
  const boundaries = [min, max, schema.exclusiveMinimum ? min + 1 : min, ...tiny].filter(
    (value) => Number.isFinite(value) && value >= min && value <= max,
  );
  const inside = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
    : fc.double({ min, max, noNaN: true });
  const stepped = schema.multipleOf
    ? inside.map((value) => Math.round(value / (schema.multipleOf as number)) * (schema.multipleOf as number))
    : inside;
  return fc.oneof(stepped, fc.constantFrom(...boundaries));
}

/** A value the schema accepts, with its boundaries weighted in. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, validValue, 'complete');
    default:
      return stringFor(schema);
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  const meaningful = MEANINGFUL_STRINGS.filter(
    (text) => text.length >= minLength && text.length <= maxLength,
  );
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 64) }),
    meaningful.length ? fc.constantFrom(...meaningful) : fc.constant('x'.repeat(minLength)),
    fc.constant('x'.repeat(maxLength)),
  );
}

/** Mostly what the schema asks for, sometimes anything (wrong type, out of range, null, a missing field). */
export function roughValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const shaped =
    schema.type === 'object' && !schema.enum ? objectFor(schema, roughValue, 'rough') : validValue(schema);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

/**
 * An object of the schema's fields, each drawn by `value`. `complete`: every required field and some
 * optional ones; `rough`: required fields left out now and then, and a field nobody asked for.
 */
function objectFor(
  schema: JsonSchema,
  value: (field: JsonSchema) => fc.Arbitrary<unknown>,
  mode: 'complete' | 'rough',
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const required = schema.required?.includes(name) ?? false;
    const present = !required
      ? fc.boolean()
      : mode === 'rough'
        ? fc.constantFrom(true, true, true, false)
        : fc.constant(true);
    return fc.tuple(fc.constant(name), present, value(field));
  });
  const extra =
    mode === 'rough'
      ? fc.option(
          fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'user_name', 'id', ''), anyJson),
          {
            freq: 4,
          },
        )
      : fc.constant(null);
  return fc.tuple(fc.tuple(...fields), extra).map(([chosen, added]) => {
    const object: Record<string, unknown> = {};
    for (const [name, present, drawn] of chosen) if (present) object[name] = drawn;
    if (added) Object.defineProperty(object, added[0], { value: added[1], enumerable: true });
    return object;
  });
}

/** A query or path value as text: mostly the schema's own values, sometimes hostile ones. */
export function roughText(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema).map(String) },
    { weight: 1, arbitrary: hostileText },
  );
}
