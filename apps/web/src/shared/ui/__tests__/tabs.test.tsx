import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from '../tabs';

const TABS = [
  { id: 'lounge', label: 'Lounges' },
  { id: 'dining', label: 'Dining' },
  { id: 'spa', label: 'Spa' },
  { id: 'fast-track', label: 'Fast Track' },
] as const;

function Example() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('lounge');
  return (
    <Tabs label="Offers" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Content of {selected}</p>
    </Tabs>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('tabs', () => {
  it('follows the tabs pattern: tablist, tabs controlling panels, one tab stop', () => {
    render(<Example />);
    const list = screen.getByRole('tablist', { name: 'Offers' });
    const tabs = screen.getAllByRole('tab');
    expect(list.contains(tabs[0]!)).toBe(true);
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    const panel = screen.getByRole('tabpanel', { name: 'Lounges' });
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('Content of lounge');
  });

  it('moves and selects with the arrow keys, wrapping, and Home/End', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.tab();
    expect(document.activeElement).toBe(selectedTab());

    await user.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Dining');
    expect(document.activeElement).toBe(selectedTab());
    expect(screen.getByRole('tabpanel').textContent).toBe('Content of dining');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTab().textContent).toBe('Fast Track');
    await user.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Lounges');
    await user.keyboard('{End}');
    expect(selectedTab().textContent).toBe('Fast Track');
    await user.keyboard('{Home}');
    expect(selectedTab().textContent).toBe('Lounges');
  });

  it('moves from the tab to its panel with Tab', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('tab', { name: 'Spa' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Spa' }));
  });
});
