import type { CallDef } from '../define';
import { airportListV2, countryListTelCode, tcLink, tcList } from './basic';

/** Every call of the portal, by name. The api registers each; the web calls them by name. */
export const calls = {
  countryListTelCode,
  airportListV2,
  tcLink,
  tcList,
} as const satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export * from './basic';
