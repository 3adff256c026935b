import fc from 'fast-check';

/* The values that have broken parsers, databases, PDFs and mail before: the fuzzer's ammunition. */

/**
 * What the bad-text mutation puts inside a valid string: NULs, and UTF-16 surrogates without
 * their pair (a high one, a low one, one of each the wrong way round).
 */
export const BAD_TEXT_INSERTS: readonly string[] = [
  '\u0000',
  '\u0000\u0000',
  'a\u0000',
  '\u0000\n',
  '\ud800',
  ' \udbff',
  '\udc00',
  '\ude00\ud83d',
];

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
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
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

export const unicodeString: fc.Arbitrary<string> = fc.oneof(
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
export const RAW_NUMBERS: readonly string[] = [
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
export const POLLUTING_MEMBERS: readonly string[] = [
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

export const EXTRA_KEYS = [
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

export const deep = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
