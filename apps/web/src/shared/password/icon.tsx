import type { ReactNode } from 'react';

interface IconProps {
  className: string;
  /** The drawing's square viewBox side. */
  box: number;
  /** The side shown, in CSS pixels. */
  size: number;
  children: ReactNode;
}

/** A decorative icon: hidden from assistive technology, which reads the words beside it. */
export function Icon({ className, box, size, children }: IconProps) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
