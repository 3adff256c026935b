import './verification.css';
import type { Ref } from 'react';
import { formatCountdown } from '../lib/use-countdown';

interface WaitPanelProps {
  title: string;
  text: string;
  /** The countdown line, given the time left as "m:ss". */
  timer: (time: string) => string;
  secondsLeft: number;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A lock or busy wait (spec section 8): announced once as an alert; the countdown beside it is a
 * timer, which screen readers do not read out every second.
 */
export function WaitPanel({ title, text, timer, secondsLeft, ref }: WaitPanelProps) {
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--error wait-panel">
      <div role="alert">
        <p className="wait-panel__title">{title}</p>
        <p>{text}</p>
      </div>
      <p role="timer" className="wait-panel__timer">
        {timer(formatCountdown(secondsLeft))}
      </p>
    </div>
  );
}
