import type { $ZodConfig } from 'zod/v4/core';

/*
 * The page's CSP allows no eval. Zod compiles object parsers with `new Function` unless jitless,
 * and probes for it when the first object schema is made: the probe's failure is caught, but the
 * browser still reports a CSP violation. The entry imports this module first, before any module
 * that makes a schema.
 *
 * `z.config({ jitless: true })` would do, but importing zod here puts ~3.5 KB of it in the first
 * load. Zod keeps its configuration on globalThis and reads it there when it loads ("pre-populating
 * it before Zod loads takes effect immediately on import", zod/v4/core/core.ts): so it is set
 * there, with no zod code.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
