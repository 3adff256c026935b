import fc from 'fast-check';
import { z } from 'zod';

/* Plausible payloads of a contract schema: `arbitraryFor` walks its zod 4 internals. */

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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
