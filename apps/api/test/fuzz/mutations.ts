import fc from 'fast-check';
import type { z } from 'zod';
import {
  deep,
  EXTRA_KEYS,
  LIMIT_NUMBERS,
  BAD_TEXT_INSERTS,
  POLLUTING_MEMBERS,
  RAW_NUMBERS,
  unicodeString,
  wrongTypeValue,
} from './nasty-values';
import { arbitraryFor, isPlainObject, type ArbitraryOptions } from './schema-walk';
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
    // A NUL or a lone surrogate inside an otherwise valid string passes the schema and
    // reaches the handler.
    mutations.push({
      arbitrary: fc
        .tuple(fc.constantFrom(...strings), fc.nat(), fc.constantFrom(...BAD_TEXT_INSERTS))
        .map(([path, at, bad]) => {
          const text = getAt(value, path) as string;
          const i = at % (text.length + 1);
          return jsonBody(
            `${JSON.stringify(bad)} in the string at ${path.join('.') || '(root)'}`,
            setAt(value, path, `${text.slice(0, i)}${bad}${text.slice(i)}`),
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
