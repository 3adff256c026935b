import { callGroups, calls, groupDescriptors, type CallGroupName } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { callDescriptors as account } from 'virtual:call-descriptors/account';
import { callDescriptors as basic } from 'virtual:call-descriptors/basic';
import { callDescriptors as bookings } from 'virtual:call-descriptors/bookings';
import { callDescriptors as help } from 'virtual:call-descriptors/help';
import { callDescriptors as home } from 'virtual:call-descriptors/home';
import { callDescriptors as login } from 'virtual:call-descriptors/login';
import { callDescriptors as membership } from 'virtual:call-descriptors/membership';
import { callDescriptors as offers } from 'virtual:call-descriptors/offers';
import { callDescriptors as password } from 'virtual:call-descriptors/password';
import { callDescriptors as payment } from 'virtual:call-descriptors/payment';
import { callDescriptors as prebooking } from 'virtual:call-descriptors/prebooking';
import { callDescriptors as products } from 'virtual:call-descriptors/products';
import { callDescriptors as registration } from 'virtual:call-descriptors/registration';
import { callDescriptors as user } from 'virtual:call-descriptors/user';

const served: Record<CallGroupName, unknown> = {
  account,
  basic,
  bookings,
  help,
  home,
  login,
  membership,
  offers,
  password,
  payment,
  prebooking,
  products,
  registration,
  user,
};

describe('call descriptors', () => {
  it('are served for every group of the contract, together describing every call', () => {
    expect(Object.keys(served).sort()).toEqual(Object.keys(callGroups).sort());
    const names = Object.values(served).flatMap((group) => Object.keys(group as object));
    expect(names.sort()).toEqual(Object.keys(calls).sort());
    expect(user.sendValidateEmail).toMatchObject({
      path: '/user/send-validate-email',
      auth: 'member',
      successState: '1',
    });
    expect(user.sendValidateEmail.errors).toContain('codeBusy');
    expect(user.sendValidateEmail.errors).toContain('authFailure');
  });

  it.each(Object.keys(callGroups) as CallGroupName[])(
    'are exactly what the contract describes for %s, once the compact module has run',
    (group) => {
      expect(served[group]).toEqual(groupDescriptors(group));
    },
  );
});
