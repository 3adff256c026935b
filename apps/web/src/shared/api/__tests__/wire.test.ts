import { callDescriptors as fromContract, calls } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors';
import { describe, expect, it } from 'vitest';

describe('call descriptors', () => {
  it('describe every call of the contract', () => {
    expect(Object.keys(callDescriptors).sort()).toEqual(Object.keys(calls).sort());
    expect(callDescriptors.sendValidateEmail).toMatchObject({
      path: '/user/send-validate-email',
      auth: 'member',
      successState: '1',
    });
    expect(callDescriptors.sendValidateEmail.errors).toContain('codeBusy');
    expect(callDescriptors.sendValidateEmail.errors).toContain('authFailure');
  });

  it('are exactly what the contract describes, once the compact module has run', () => {
    expect(callDescriptors).toEqual(fromContract());
  });
});
