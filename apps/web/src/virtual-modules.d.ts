/**
 * Served by vite/call-descriptors-plugin.ts: one call group's path, auth and errors per call, as
 * plain data (`callGroups` in the contract).
 */
declare module 'virtual:call-descriptors/basic' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'basic'>;
}

declare module 'virtual:call-descriptors/home' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'home'>;
}

declare module 'virtual:call-descriptors/products' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'products'>;
}

declare module 'virtual:call-descriptors/help' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'help'>;
}

declare module 'virtual:call-descriptors/user' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'user'>;
}

declare module 'virtual:call-descriptors/login' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'login'>;
}

declare module 'virtual:call-descriptors/password' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'password'>;
}

declare module 'virtual:call-descriptors/registration' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'registration'>;
}

declare module 'virtual:call-descriptors/account' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'account'>;
}

declare module 'virtual:call-descriptors/payment' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'payment'>;
}

declare module 'virtual:call-descriptors/bookings' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'bookings'>;
}

declare module 'virtual:call-descriptors/membership' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'membership'>;
}

declare module 'virtual:call-descriptors/prebooking' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'prebooking'>;
}

declare module 'virtual:call-descriptors/offers' {
  import type { GroupDescriptors } from '@portal/contract';

  export const callDescriptors: GroupDescriptors<'offers'>;
}
