import type { ReactNode } from 'react';

/** One name and value of a booking's definition list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="booking-fields__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
