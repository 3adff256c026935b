import { describe, expect, it } from 'vitest';
import { checkRules, firstInvalid, serverFieldErrors } from '../field-errors';

describe('form field errors', () => {
  it('checks each field with its rule, in words', () => {
    const rules = { email: (v: string) => (v ? undefined : ('form-required' as const)) };
    expect(checkRules({ email: '', name: '' }, rules)).toEqual({
      ok: false,
      errors: { email: 'This field is required.' },
    });
    expect(checkRules({ email: 'a', name: '' }, rules)).toEqual({
      ok: true,
      data: { email: 'a', name: '' },
    });
  });

  it("puts the server's field messages on the fields, by path or by name", () => {
    const fields = [
      { path: 'newPwd', message: 'Too weak.' },
      { path: 'email.0', message: 'Not an email.' },
      { path: 'email', message: 'Second message.' },
      { path: 'uuid', message: 'Not a field here.' },
    ];
    expect(serverFieldErrors(fields, ['email', 'password'], { newPwd: 'password' })).toEqual({
      password: 'Too weak.',
      email: 'Not an email.',
    });
  });

  it('finds the first field with a message in form order', () => {
    expect(firstInvalid({ b: 'x', c: 'y' }, ['a', 'b', 'c'])).toBe('b');
    expect(firstInvalid({}, ['a'])).toBeUndefined();
  });
});
