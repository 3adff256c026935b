import { describe, expect, it } from 'vitest';
import { joinPlace } from './place';

describe('joinPlace', () => {
  it('joins a place, its terminal and its airport', () => {
    expect(joinPlace(['Alpha Lounge', 'Terminal 1', 'London Heathrow Airport'])).toBe(
      'Alpha Lounge, Terminal 1, London Heathrow Airport',
    );
  });

  it('does not repeat a terminal the name already says (issue 60)', () => {
    expect(
      joinPlace(['Fast Track Security, Terminal 2', 'Terminal 2', 'London Heathrow Airport']),
    ).toBe('Fast Track Security, Terminal 2, London Heathrow Airport');
  });

  it('compares parts without regard to case or spacing', () => {
    expect(joinPlace(['Fast Track Security,  terminal 2 ', 'Terminal 2', 'LHR'])).toBe(
      'Fast Track Security,  terminal 2, LHR',
    );
    expect(joinPlace(['Terminal 5', ' terminal  5', 'LHR'])).toBe('Terminal 5, LHR');
  });

  it('keeps a part that only contains another as words', () => {
    expect(joinPlace(['Terminal 2 Lounge', 'Terminal 2', 'LHR'])).toBe(
      'Terminal 2 Lounge, Terminal 2, LHR',
    );
  });

  it('leaves out empty parts', () => {
    expect(joinPlace(['Alpha Lounge', '', null, undefined, '  ', 'LHR'])).toBe('Alpha Lounge, LHR');
  });
});
