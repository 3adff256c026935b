import { describeCall, type CallDef, type CallDescriptor } from '../define';
import * as basic from './basic';
import * as home from './home';
import * as products from './products';
import * as help from './help';
import * as user from './user';
import * as login from './login';
import * as password from './password';
import * as registration from './registration';
import * as account from './account';
import * as bookings from './bookings';
import * as payment from './payment';
import * as membership from './membership';
import * as prebooking from './prebooking';
import * as fastTrack from './fast-track';
import * as offers from './offers';

/** The calls among a group file's exports (the others are its schemas and constants). */
type CallsOf<M> = { [K in keyof M as M[K] extends CallDef ? K : never]: M[K] };

const isCallDef = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'auth' in value &&
  'payload' in value &&
  'result' in value &&
  'errors' in value;

/** A group: every call its file declares, so a new call needs no line here. */
function callsOf<M extends object>(file: M): CallsOf<M> {
  return Object.fromEntries(
    Object.entries(file).filter(([, value]) => isCallDef(value)),
  ) as CallsOf<M>;
}

/**
 * Every call of the portal, by group (the contract file that declares it) and name. The web loads
 * each group's descriptors where it is used, so a page's first load carries only its own calls.
 */
export const callGroups = {
  basic: /* @__PURE__ */ callsOf(basic),
  home: /* @__PURE__ */ callsOf(home),
  products: /* @__PURE__ */ callsOf(products),
  help: /* @__PURE__ */ callsOf(help),
  user: /* @__PURE__ */ callsOf(user),
  login: /* @__PURE__ */ callsOf(login),
  password: /* @__PURE__ */ callsOf(password),
  registration: /* @__PURE__ */ callsOf(registration),
  account: /* @__PURE__ */ callsOf(account),
  bookings: /* @__PURE__ */ callsOf(bookings),
  payment: /* @__PURE__ */ callsOf(payment),
  membership: /* @__PURE__ */ callsOf(membership),
  // Pre-booking, lounges and fast-track lanes alike (one module serves both flows).
  prebooking: /* @__PURE__ */ callsOf({ ...prebooking, ...fastTrack }),
  offers: /* @__PURE__ */ callsOf(offers),
} as const satisfies Record<string, Record<string, CallDef>>;

export type CallGroups = typeof callGroups;
export type CallGroupName = keyof CallGroups;

/** Every call of the portal, by name. The api registers each; the web calls them by name. */
export const calls = {
  ...callGroups.basic,
  ...callGroups.home,
  ...callGroups.products,
  ...callGroups.help,
  ...callGroups.user,
  ...callGroups.login,
  ...callGroups.password,
  ...callGroups.registration,
  ...callGroups.account,
  ...callGroups.bookings,
  ...callGroups.payment,
  ...callGroups.membership,
  ...callGroups.prebooking,
  ...callGroups.offers,
} as const satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export * from './account';
export * from './bookings';
export * from './basic';
export * from './help';
export * from './home';
export * from './login';
export * from './membership';
export * from './payment';
export * from './prebooking';
export * from './fast-track';
export * from './offers';
export * from './products';
export * from './user';

export type CallDescriptors = { readonly [K in CallName]: CallDescriptor<Calls[K]> };

/** One group's run-time descriptors, as `virtual:call-descriptors/<group>` gives them. */
export type GroupDescriptors<G extends CallGroupName> = {
  readonly [K in keyof CallGroups[G]]: CallGroups[G][K] extends CallDef
    ? CallDescriptor<CallGroups[G][K]>
    : never;
};

function describeAll<T extends Record<string, CallDef>>(group: T) {
  return Object.fromEntries(
    Object.entries(group).map(([name, call]) => [name, describeCall(name, call)]),
  );
}

/** Every call's run-time descriptor (path, auth, success state, error names), built from `calls`. */
export function callDescriptors(): CallDescriptors {
  return describeAll(calls) as unknown as CallDescriptors;
}

/** One group's run-time descriptors. */
export function groupDescriptors<G extends CallGroupName>(group: G): GroupDescriptors<G> {
  return describeAll(callGroups[group]) as unknown as GroupDescriptors<G>;
}
