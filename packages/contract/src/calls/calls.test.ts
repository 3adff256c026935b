import { describe, expect, it } from 'vitest';
import { errorsOf } from '../define';
import { errorCatalogue } from '../errors';
import { callGroups, calls } from './index';

describe('the call catalogue', () => {
  const all = Object.values(calls);

  it('has each call in exactly one group, under a name no other group uses', () => {
    const names = Object.values(callGroups).flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(calls).sort()).toEqual([...names].sort());
  });

  it('has one declaration per path', () => {
    const paths = all.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives each call error codes that are unique within the call, so the client can name them', () => {
    for (const call of all) {
      const codes = errorsOf(call).map((name) => errorCatalogue[name].code);
      expect(new Set(codes).size, call.path).toBe(codes.length);
    }
  });

  it('answers 20002 only on member calls', () => {
    for (const call of all) {
      expect(errorsOf(call).includes('authFailure'), call.path).toBe(call.auth === 'member');
    }
  });
});
