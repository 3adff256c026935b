/**
 * Payload generators for the fuzz test: `arbitraryFor` walks a contract schema (zod 4 internals)
 * into plausible payloads (schema-walk.ts), and `mutate` turns one payload into the request
 * bodies an attacker or a broken client would send (mutations.ts), with the values of
 * nasty-values.ts.
 */
export { arbitraryFor, type ArbitraryOptions } from './schema-walk';
export { fuzzBodiesFor, mutate, type FuzzBody } from './mutations';
export { LIMIT_NUMBERS, NASTY_STRINGS, oversizedHeaders } from './nasty-values';
