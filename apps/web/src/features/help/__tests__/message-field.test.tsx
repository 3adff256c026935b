import { CONTACT_MESSAGE_MAX } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render-ui';
import { MessageField } from '../components/message-field';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <MessageField
      label="Message"
      value={value}
      onChange={setValue}
      error={undefined}
      ref={() => undefined}
    />
  );
}

/** What screen readers are told (the live region), and what the box is described by. */
const announced = () => screen.getByRole('status').textContent;
const described = () =>
  document.getElementById(screen.getByLabelText('Message').getAttribute('aria-describedby')!)!
    .textContent;

/** Lets `ms` pass without typing. */
function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Types to `length` characters, then pauses long enough for an announcement. */
function typeTo(length: number, pause = true) {
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(length) } });
  if (pause) wait(1000);
}

describe('message field count', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderUi(<Harness />);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the count at every key, but says nothing far from the limit', () => {
    expect(described()).toBe('You have 2000 characters remaining');
    expect(announced()).toBe('');

    typeTo(20);
    expect(described()).toBe('You have 1980 characters remaining');
    expect(screen.getByText('You have 1980 characters remaining')).toBeTruthy();
    expect(announced()).toBe('');

    typeTo(CONTACT_MESSAGE_MAX - 101);
    expect(described()).toBe('You have 101 characters remaining');
    expect(announced()).toBe('');
  });

  it('announces the count near the limit, once typing pauses', () => {
    typeTo(CONTACT_MESSAGE_MAX - 100, false);
    expect(described()).toBe('You have 100 characters remaining');
    wait(999);
    expect(announced()).toBe('');
    wait(1);
    expect(announced()).toBe('You have 100 characters remaining');

    typeTo(CONTACT_MESSAGE_MAX - 1);
    expect(announced()).toBe('You have 1 character remaining');
  });

  it('announces the count over the limit, and goes quiet again once well under it', () => {
    typeTo(CONTACT_MESSAGE_MAX + 3);
    expect(described()).toBe('You have 3 characters too many');
    expect(announced()).toBe('You have 3 characters too many');

    typeTo(10);
    expect(described()).toBe('You have 1990 characters remaining');
    expect(announced()).toBe('');
  });
});
