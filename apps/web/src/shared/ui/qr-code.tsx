import type { QrModules } from '@/shared/lib/qr';

const MARGIN = 4;

/** A QR code as an image with its accessible name (black on white, with its quiet zone). */
export function QrCode({
  qr,
  label,
  className,
  step,
}: {
  qr: QrModules;
  label: string;
  className?: string;
  /** What it shows now, for tests of a code that turns over (the digital card's step). */
  step?: number;
}) {
  const side = qr.size + 2 * MARGIN;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      data-step={step}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qr.path} transform={`translate(${MARGIN} ${MARGIN})`} fill="#000" />
    </svg>
  );
}
