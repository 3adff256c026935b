import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render-ui';
import { PasswordField } from '../password-field';
import { PasswordRulesMeter } from '../password-rules-meter';

const RULES = [
  'At least 8 characters',
  'A lowercase letter',
  'An uppercase letter',
  'A number',
  'A special character',
] as const;

const ruleItem = (text: string) =>
  within(screen.getByRole('list', { name: 'Your password must have:' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(text))!;

const metRules = () => RULES.filter((rule) => ruleItem(rule).textContent?.endsWith('(met)'));

describe('password rules meter', () => {
  it('lists the five rules, none met, and Weak for an empty password', () => {
    renderUi(<PasswordRulesMeter password="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    for (const rule of RULES) expect(ruleItem(rule).textContent).toBe(`${rule} (not met)`);
    expect(screen.getByText('Password strength:').textContent).toBe('Password strength: Weak');
  });

  it.each([
    ['abcdefgh', ['At least 8 characters', 'A lowercase letter']],
    ['a', ['A lowercase letter']],
    ['B', ['An uppercase letter']],
    ['7', ['A number']],
    ['#', ['A special character']],
    // Whitespace is removed before the rules run: seven characters remain.
    ['Ab c1!xy', RULES.filter((rule) => rule !== 'At least 8 characters')],
  ])('shows which rules %j meets', (password, met) => {
    renderUi(<PasswordRulesMeter password={password} />);
    expect(metRules()).toEqual(met);
    expect(screen.getByText('Password strength:').textContent).toBe('Password strength: Weak');
  });

  it('is Strong only when all five rules match', () => {
    renderUi(<PasswordRulesMeter password="Abcdef1!" />);
    expect(metRules()).toEqual([...RULES]);
    expect(screen.getByText('Password strength:').textContent).toBe('Password strength: Strong');
  });

  it('announces only the strength, politely', () => {
    renderUi(<PasswordRulesMeter password="x" />);
    const strength = screen.getByText('Password strength:');
    expect(strength.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('list').closest('[aria-live]')).toBeNull();
  });
});

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="New password"
      autoComplete="new-password"
      value={value}
      onChange={setValue}
      error={error}
      describedBy="meter"
    />
  );
}

describe('password field', () => {
  it('shows and hides the password with a pressed toggle', () => {
    renderUi(<Field />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('ties its error to the input', () => {
    renderUi(<Field error="Password do not match." />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids).toContain('meter');
    const error = screen.getByText('Password do not match.');
    expect(ids).toContain(error.id);
  });

  it('is valid and undescribed by an error without one', () => {
    renderUi(<Field />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('meter');
  });
});
