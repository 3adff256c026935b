import fc from 'fast-check';
import { z } from 'zod';

/**
 * Payload generators for the fuzz test: `arbitraryFor` walks a contract schema (zod 4 internals)
 * into plausible payloads, and `mutate` turns one payload into the request bodies an attacker
 * or a broken client would send.
 */

/** What the walker reads of a zod 4 schema: its definition (`_zod.def`) and its optionality. */
interface Node {
  _zod: { def: Def; optin?: 'optional' };
}

interface Check {
  _zod: { def: { check: string; [key: string]: unknown } };
}

interface Def {
  type: string;
  checks?: Check[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, Node>;
  element?: Node;
  options?: Node[];
  innerType?: Node;
  in?: Node;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: Node[];
  rest?: Node | null;
  keyType?: Node;
  valueType?: Node;
  left?: Node;
  right?: Node;
  getter?: () => Node;
}

const nodeOf = (schema: unknown): Node => schema as Node;

export interface ArbitraryOptions {
  /**
   * Values worth trying for fields of a given name (say real ids of the database), mixed in
   * with the generated ones so that payloads reach past the lookups. Array elements take the
   * hint of their array's field.
   */
  readonly hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** How deep lazy (recursive) schemas may go. */
  readonly maxDepth?: number;
}

interface Walk {
  readonly options: ArbitraryOptions;
  /** The field the current schema is the value of, for hints. */
  readonly key: string | undefined;
  readonly depth: number;
}

interface StringRules {
  min?: number;
  max?: number;
  patterns: RegExp[];
  format?: string;
}

interface NumberRules {
  min?: number;
  max?: number;
  int: boolean;
}

function stringRules(def: Def): StringRules {
  const rules: StringRules = { patterns: [] };
  if (def.format) rules.format = def.format;
  if (def.pattern instanceof RegExp) rules.patterns.push(def.pattern);
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && typeof c.minimum === 'number') rules.min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') rules.max = c.maximum;
    if (c.check === 'length_equals' && typeof c.length === 'number') {
      rules.min = c.length;
      rules.max = c.length;
    }
    if (c.check === 'string_format') {
      if (typeof c.format === 'string' && c.format !== 'regex') rules.format = c.format;
      if (c.pattern instanceof RegExp) rules.patterns.push(c.pattern);
    }
  }
  return rules;
}

function numberRules(def: Def): NumberRules {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const int =
    def.type === 'int' ||
    checks.some((c) => c.check === 'number_format' && /int/.test(String(c.format)));
  const rules: NumberRules = { int };
  const step = int ? 1 : Number.EPSILON;
  for (const c of checks) {
    if (c.check === 'greater_than' && typeof c.value === 'number') {
      rules.min = c.inclusive ? c.value : c.value + step;
    }
    if (c.check === 'less_than' && typeof c.value === 'number') {
      rules.max = c.inclusive ? c.value : c.value - step;
    }
  }
  return rules;
}

/** Repeats or cuts a string into [min, max] characters (an empty one becomes "0"s). */
function fitLength(value: string, min = 0, max = Infinity): string {
  let s = value;
  if (s.length < min) s = (s || '0').repeat(Math.ceil(min / Math.max(1, s.length || 1)));
  return s.length > max ? s.slice(0, max) : s;
}

/** A generator for strings that match a pattern, or undefined if fast-check cannot read it. */
function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  if (pattern.source === z.regexes.email.source) return fc.emailAddress();
  try {
    return fc.stringMatching(pattern);
  } catch {
    return undefined;
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const rules = stringRules(def);
  const { min, max } = rules;
  const cap = max ?? Math.max(40, min ?? 0);
  const anyString = fc.string({ minLength: 0, maxLength: Math.min(cap + 2, 200) });
  let plausible: fc.Arbitrary<string> | undefined;
  if (rules.format === 'uuid' || rules.format === 'guid') plausible = fc.uuid();
  else if (rules.format === 'email') plausible = fc.emailAddress();
  else if (rules.patterns.length > 0) {
    plausible = rules.patterns
      .map(matching)
      .find((arb): arb is fc.Arbitrary<string> => arb !== undefined);
  }
  plausible = (plausible ?? fc.string({ minLength: min ?? 0, maxLength: cap })).map((s) =>
    fitLength(s, min, max),
  );
  return fc.oneof(
    { arbitrary: plausible, weight: 10 },
    { arbitrary: anyString, weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const rules = numberRules(def);
  if (rules.int) {
    const min = Math.max(rules.min ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(rules.max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    const edges = [min, max, min - 1, max + 1, 0, -1, 1];
    return fc.oneof(
      { arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), weight: 10 },
      { arbitrary: fc.constantFrom(...edges), weight: 1 },
      { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
    );
  }
  return fc.oneof(
    {
      arbitrary: fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(rules.min === undefined ? {} : { min: rules.min }),
        ...(rules.max === undefined ? {} : { max: rules.max }),
      }),
      weight: 10,
    },
    { arbitrary: fc.double(), weight: 1 },
  );
}

function walk(node: Node, w: Walk): fc.Arbitrary<unknown> {
  const generated = walkDef(node, w);
  const hint = w.key === undefined ? undefined : w.options.hints?.[w.key];
  // A hint replaces the leaves it names (not the arrays or objects around them).
  if (!hint || ['object', 'array', 'optional', 'default', 'prefault'].includes(node._zod.def.type))
    return generated;
  return fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: generated, weight: 1 });
}

function walkDef(node: Node, w: Walk): fc.Arbitrary<unknown> {
  const def = node._zod.def;
  const inner = (child: Node | undefined, key = w.key) =>
    child ? walk(child, { ...w, key }) : fc.jsonValue({ maxDepth: 2 });
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      // JSON has no bigint: a long digit string is what a client would send.
      return fc.bigInt().map(String);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(
        ...(def.values ?? [null]).map((v) => (typeof v === 'bigint' ? String(v) : v)),
      );
    case 'object': {
      const shape = def.shape ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, child] of Object.entries(shape)) {
        model[key] = inner(child, key);
        if (child._zod.optin !== 'optional') requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'array': {
      const rules = stringRules(def);
      const minLength = rules.min ?? 0;
      const maxLength = Math.max(minLength, Math.min(rules.max ?? 5, 5));
      return fc.array(inner(def.element), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'record':
    case 'map':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType, undefined), {
        maxKeys: 4,
      });
    case 'set':
      return fc.array(inner(def.valueType), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => mergeValues(a, b));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      // The default is the server's to fill in: leaving the value out is half the story.
      return fc.option(inner(def.innerType), { nil: undefined, freq: 2 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'promise':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      if (w.depth >= (w.options.maxDepth ?? 4) || !def.getter) return fc.constant(null);
      return walk(def.getter(), { ...w, depth: w.depth + 1 });
    case 'template_literal':
      return fc.string({ maxLength: 20 });
    default:
      // transform, custom, any, unknown, never, symbol, function, file: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function mergeValues(a: unknown, b: unknown): unknown {
  return isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : b;
}

/** Plausible payloads of a contract schema: the right shape, values mostly valid. */
export function arbitraryFor(
  schema: z.ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return walk(nodeOf(schema), { options, key: undefined, depth: 0 });
}

// ---------------------------------------------------------------------------------------------
// Mutations

/** One request body as sent: its text, and the content type that says what it is. */
export interface FuzzBody {
  /** Which mutation made it, for the failure report. */
  readonly kind: string;
  /** The body as sent; undefined sends none. */
  readonly payload: string | undefined;
  /** The content-type header; null sends none. */
  readonly contentType: string | null;
}

const JSON_TYPE = 'application/json';

/** A body's report form: huge payloads cut, so a counterexample stays readable. */
function describeBody(body: FuzzBody): string {
  const text = body.payload;
  const shown =
    text === undefined
      ? '(no body)'
      : text.length > 400
        ? `${JSON.stringify(text.slice(0, 400))}… (${text.length} characters)`
        : JSON.stringify(text);
  return `{${body.kind}; content-type ${body.contentType ?? '(none)'}; ${shown}}`;
}

function fuzzBody(
  kind: string,
  payload: string | undefined,
  contentType: string | null = JSON_TYPE,
): FuzzBody {
  const body = { kind, payload, contentType };
  return Object.assign(body, { [fc.toStringMethod]: () => describeBody(body) });
}

/** JSON text of a value; undefined (an absent payload) sends no body. */
const jsonBody = (kind: string, value: unknown) => fuzzBody(kind, JSON.stringify(value));

type Path = readonly (string | number)[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every place in a value: the root, and each key and index below it. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])));
  else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

function getAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isPlainObject(node) && typeof step === 'string') node = node[step];
    else return undefined;
  }
  return node;
}

/** A copy of a value with one place replaced (the root too). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path;
  if (Array.isArray(value) && typeof step === 'number') {
    const copy = [...(value as unknown[])];
    copy[step] = setAt(copy[step], rest, replacement);
    return copy;
  }
  if (isPlainObject(value) && typeof step === 'string') {
    return { ...value, [step]: setAt(value[step], rest, replacement) };
  }
  return value;
}

/** A copy of a value with one place removed (a key deleted, an element spliced out). */
function removeAt(value: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  const parent = getAt(value, parentPath);
  if (Array.isArray(parent) && typeof last === 'number') {
    return setAt(
      value,
      parentPath,
      parent.filter((_, i) => i !== last),
    );
  }
  if (isPlainObject(parent) && typeof last === 'string') {
    const { [last]: _removed, ...rest } = parent;
    return setAt(value, parentPath, rest);
  }
  return value;
}

/**
 * JSON text with raw text in one place: numbers JSON.stringify cannot write (1e999), or keys
 * an object literal cannot own (`__proto__`). A marker string is put there, then replaced.
 */
const RAW_MARKER = 'fuzz-raw-marker-5f1c2e';
const RAW_KEY = 'fuzz-raw-key-5f1c2e';

function withRawValue(value: unknown, path: Path, raw: string): string {
  const text = JSON.stringify(setAt(value, path, RAW_MARKER)) ?? JSON.stringify(RAW_MARKER);
  return text.replace(JSON.stringify(RAW_MARKER), raw);
}

function withRawMember(value: unknown, objectPath: Path, member: string): string {
  const target = getAt(value, objectPath);
  const object = isPlainObject(target) ? target : {};
  const marked = setAt(value, objectPath, { ...object, [RAW_KEY]: RAW_MARKER });
  const text = JSON.stringify(marked) ?? '{}';
  return text.replace(`${JSON.stringify(RAW_KEY)}:${JSON.stringify(RAW_MARKER)}`, member);
}

/** What the NUL mutation puts inside a valid string. */
const NUL_INSERTS: readonly string[] = ['\u0000', '\u0000\u0000', 'a\u0000', '\u0000\n'];

/**
 * Headers past what Node's parser takes from a socket (16 KB in all, where it answers 431):
 * app.inject hands them to the handlers as they are.
 */
export const oversizedHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom(17_000, 70_000).map((n) => ({ 'x-padding': 'a'.repeat(n) })),
  fc.constant({ 'accept-language': `en-GB,${'xx;q=0.1,'.repeat(3_000)}` }),
  fc.constant({ authorization: `Bearer ${'a'.repeat(20_000)}` }),
  fc.constant({ channel: 'ASE'.repeat(6_000) }),
  fc.constant({ 'x-forwarded-for': Array.from({ length: 2_000 }, () => '10.0.0.1').join(', ') }),
  fc.constant(
    Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x-many-${i}`, 'x'.repeat(40)])),
  ),
);

/** Values of every other type, to put where a field's own type belongs. */
const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('true', '1', '0', 'null', 'undefined', '[object Object]', ''),
);

/** Strings that have broken parsers, databases, PDFs and mail headers before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u200B',
  '\u200D\u200C\uFEFF',
  '\u202Egnp.exe',
  '\u2066isolate\u2069',
  'مرحبا بالعالم',
  'שלום',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔',
  'e\u0301\u0301\u0301',
  'Z̴̡̪͎̈́͒a̷̛̘l̶̰̆g̸͉̏o̷̠͂',
  'ß',
  'ﬀ',
  'İı',
  'ǅ',
  '\uD800',
  '\uDC00x',
  'x\uDBFF',
  '\uFFFE\uFFFF',
  '\u0085\u2028\u2029',
  "' OR '1'='1' --",
  "'; drop table users; --",
  '%00%0d%0a',
  '\r\nBcc: victim@example.com',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%s%s%n',
  '\\',
  '"',
  'null',
  'NaN',
  '-0',
  '1e999',
  'LHR\u0000',
  ' lhr ',
  '0000 0000 0000 0000',
  '４２',
  '١٢٣٤٥٦',
];

const unicodeString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 20 }),
);

/** Numbers at the edges of int32, safe integers and doubles; NaN and ±Infinity become null. */
export const LIMIT_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.5,
  -1.5,
  1e-7,
  Number.MIN_VALUE,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** Number tokens JSON allows but JavaScript cannot hold exactly (or at all), and some it forbids. */
const RAW_NUMBERS: readonly string[] = [
  '1e999',
  '-1e999',
  '1e-999',
  '123456789012345678901234567890',
  '-9223372036854775809',
  '18446744073709551616',
  '0.0000000000000000000000000001',
  '1.0',
  '1E2',
  '-0',
  '-0.0',
  '2.5e-324',
  // Not JSON: the parser must refuse them.
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '01',
  '1_000',
  '.5',
  '+1',
  'undefined',
];

/** Members that would pollute a prototype if merged naively. `__proto__` is a real own key here. */
const POLLUTING_MEMBERS: readonly string[] = [
  '"__proto__":{"polluted":"yes","isAdmin":true,"state":"1"}',
  '"__proto__":{"__proto__":{"polluted":"yes"}}',
  '"__proto__":null',
  '"__proto__":[]',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"constructor":{"name":"Object"}',
  '"prototype":{"polluted":"yes"}',
  '"__defineGetter__":"x"',
  '"hasOwnProperty":"x"',
  '"toString":1',
  '"valueOf":{}',
  '"\\u005f_proto__":{"polluted":"yes"}',
];

const EXTRA_KEYS = [
  'id',
  'userId',
  'admin',
  'isAdmin',
  'role',
  'state',
  'errorCode',
  'result',
  '$where',
  '$gt',
  'toString',
  'valueOf',
  '',
  ' ',
  '\u0000',
] as const;

const deep = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Bodies that are not a JSON object at all, or not JSON, or not said to be. */
function nonObjectBodies(value: unknown): fc.Arbitrary<FuzzBody> {
  const json = JSON.stringify(value) ?? '{}';
  return fc.constantFrom<FuzzBody>(
    fuzzBody('array', '[]'),
    fuzzBody('array', `[${json}]`),
    fuzzBody('string', '"hello"'),
    fuzzBody('string', JSON.stringify(json)),
    fuzzBody('number', '42'),
    fuzzBody('number', '1e999'),
    fuzzBody('null', 'null'),
    fuzzBody('boolean', 'true'),
    fuzzBody('empty body', ''),
    fuzzBody('empty body', '   \n'),
    fuzzBody('no body', undefined),
    fuzzBody('no body, no type', undefined, null),
    fuzzBody('invalid JSON', '{'),
    fuzzBody('invalid JSON', '{"a":}'),
    fuzzBody('invalid JSON', "{'a':1}"),
    fuzzBody('invalid JSON', '{"a":1,}'),
    fuzzBody('invalid JSON', '{"a":1}}'),
    fuzzBody('invalid JSON', `${json}garbage`),
    fuzzBody('invalid JSON', 'undefined'),
    fuzzBody('invalid JSON', '\u0000'),
    fuzzBody('invalid JSON', '{"a":"\\x00"}'),
    fuzzBody('invalid JSON', '{"a":"\u0000"}'),
    fuzzBody('byte order mark', `\uFEFF${json}`),
    fuzzBody('deep array', deep(5000, '[', ']')),
    fuzzBody('deep object', deep(3000, '{"a":', '}')),
    fuzzBody('duplicate keys', '{"a":1,"a":{"b":2}}'),
    fuzzBody('wrong content type', json, 'text/plain'),
    fuzzBody('wrong content type', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    fuzzBody(
      'wrong content type',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    ),
    fuzzBody('wrong content type', '<a>1</a>', 'application/xml'),
    fuzzBody('wrong content type', json, 'application/octet-stream'),
    fuzzBody('wrong content type', json, 'application/json-patch+json'),
    fuzzBody('content type case', json, 'APPLICATION/JSON'),
    fuzzBody('content type charset', json, 'application/json; charset=utf-8'),
    fuzzBody('content type charset', json, 'application/json; charset=utf-16'),
    fuzzBody('content type charset', json, 'application/json; charset=nope'),
    fuzzBody('content type garbage', json, ';;;'),
    fuzzBody('no content type', json, null),
  );
}

/**
 * The request bodies one payload turns into: itself, and its mutations (wrong types, missing and
 * extra fields, huge strings, unicode, NUL characters inside valid strings, numbers at limits,
 * prototype-pollution keys, bodies that are not an object, not JSON, or not said to be JSON).
 */
export function mutate(value: unknown): fc.Arbitrary<FuzzBody> {
  const paths = pathsOf(value);
  const place = fc.constantFrom(...paths);
  const fields = paths.filter((p) => p.length > 0);
  const objects = paths.filter((p) => isPlainObject(getAt(value, p)));
  const at = (kind: string) => (tuple: [Path, unknown]) =>
    jsonBody(`${kind} at ${tuple[0].join('.') || '(root)'}`, setAt(value, tuple[0], tuple[1]));

  const mutations: fc.WeightedArbitrary<FuzzBody>[] = [
    // About a third of the bodies go as generated, so calls get past validation too.
    { arbitrary: fc.constant(jsonBody('as generated', value)), weight: 16 },
    { arbitrary: fc.tuple(place, wrongTypeValue).map(at('wrong type')), weight: 4 },
    { arbitrary: fc.tuple(place, unicodeString).map(at('unicode')), weight: 3 },
    {
      arbitrary: fc.tuple(place, fc.constantFrom(...LIMIT_NUMBERS)).map(at('limit number')),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(place, fc.constantFrom(...RAW_NUMBERS))
        .map(([path, raw]) =>
          fuzzBody(
            `raw number ${raw} at ${path.join('.') || '(root)'}`,
            withRawValue(value, path, raw),
          ),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          place,
          fc.constantFrom(100_000, 300_000),
          fc.constantFrom('a', 'é', '😀', '\u0000', ' '),
        )
        .map(([path, length, unit]) =>
          jsonBody(
            `huge string (${length} × ${JSON.stringify(unit)}) at ${path.join('.') || '(root)'}`,
            setAt(value, path, unit.repeat(length)),
          ),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          place,
          fc.constantFrom(1_000, 100_000),
          fc.constantFrom<unknown>(0, 'a', null, {}, [1]),
        )
        .map(([path, length, element]) =>
          jsonBody(
            `long array (${length}) at ${path.join('.') || '(root)'}`,
            setAt(value, path, Array<unknown>(length).fill(element)),
          ),
        ),
      weight: 1,
    },
    { arbitrary: nonObjectBodies(value), weight: 3 },
  ];
  if (fields.length > 0) {
    mutations.push({
      arbitrary: fc
        .constantFrom(...fields)
        .map((path) => jsonBody(`missing ${path.join('.')}`, removeAt(value, path))),
      weight: 3,
    });
  }
  const strings = paths.filter((p) => typeof getAt(value, p) === 'string');
  if (strings.length > 0) {
    // A NUL inside an otherwise valid string passes the schema and reaches the handler.
    mutations.push({
      arbitrary: fc
        .tuple(fc.constantFrom(...strings), fc.nat(), fc.constantFrom(...NUL_INSERTS))
        .map(([path, at, nul]) => {
          const text = getAt(value, path) as string;
          const i = at % (text.length + 1);
          return jsonBody(
            `NUL in the string at ${path.join('.') || '(root)'}`,
            setAt(value, path, `${text.slice(0, i)}${nul}${text.slice(i)}`),
          );
        }),
      weight: 3,
    });
  }
  const objectPlaces = objects.length > 0 ? objects : [[] as Path];
  mutations.push(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...objectPlaces),
          fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([path, key, extra]) => {
          const target = getAt(value, path);
          const object = isPlainObject(target) ? target : {};
          return jsonBody(
            `extra ${JSON.stringify(key)} at ${path.join('.') || '(root)'}`,
            setAt(value, path, { ...object, [key]: extra }),
          );
        }),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...objectPlaces), fc.constantFrom(...POLLUTING_MEMBERS))
        .map(([path, member]) =>
          fuzzBody(
            `prototype pollution ${member.slice(0, 16)} at ${path.join('.') || '(root)'}`,
            withRawMember(value, path, member),
          ),
        ),
      weight: 3,
    },
    {
      // The same key twice: the later value (of another type) wins in JSON.parse.
      arbitrary: fc.tuple(fc.constantFrom(...objectPlaces), wrongTypeValue).map(([path, other]) => {
        const target = getAt(value, path);
        const key = isPlainObject(target) ? (Object.keys(target)[0] ?? 'a') : 'a';
        const member = `${JSON.stringify(key)}:${JSON.stringify(other) ?? 'null'}`;
        return fuzzBody(
          `duplicate key ${key} at ${path.join('.') || '(root)'}`,
          withRawMember(value, path, member),
        );
      }),
      weight: 1,
    },
  );
  return fc.oneof(...mutations);
}

/** Plausible payloads of a schema, each then mutated (or not). */
export function fuzzBodiesFor(
  schema: z.ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<FuzzBody> {
  return arbitraryFor(schema, options).chain(mutate);
}
