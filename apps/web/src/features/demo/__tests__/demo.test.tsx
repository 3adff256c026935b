import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { luhnCheckDigit } from '@portal/contract';
import { demoMembershipDisplay as demoMembershipNumber } from '../lib/demo-numbers';

describe('demo membership numbers', () => {
  it('follow 9000 0000 00II S00C with a Luhn check digit (README example)', () => {
    expect(demoMembershipNumber('natwest', 'active')).toBe('9000 0000 0002 0009');
    expect(demoMembershipNumber('default', 'active')).toMatch(/^9000 0000 0000 000\d$/);
    expect(demoMembershipNumber('coop', 'suspended')).toMatch(/^9000 0000 0007 200\d$/);
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });

  it('are listed per issuer with a link to its themed home page', async () => {
    mockApi();
    renderApp('/demo');
    await screen.findByRole('heading', { level: 1, name: 'Demo' });
    const table = screen.getByRole('table', { name: 'Demo membership numbers by bank and status' });
    const natwest = within(table).getByRole('row', { name: /NatWest/ });
    expect(natwest.textContent).toContain('9000 0000 0002 0009');
    expect(
      within(natwest).getByRole('link', { name: 'Open the NatWest portal' }).getAttribute('href'),
    ).toBe('/?issuer=natwest');
  });
});
