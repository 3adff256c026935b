import type { Issuer } from '@portal/contract';
import type { ReactElement } from 'react';
import { issuerProfiles } from './issuer-profiles';

/** Abstract marks of our own; none imitates a bank's trademark. */
const marks: Record<Issuer, ReactElement> = {
  default: (
    <>
      <circle cx="20" cy="20" r="18" fill="var(--color-accent)" />
      <path d="M9 24h22l-4-6H13z" fill="currentColor" />
    </>
  ),
  dpplus: (
    <>
      <rect
        x="6"
        y="6"
        width="28"
        height="28"
        rx="4"
        transform="rotate(45 20 20)"
        fill="var(--color-accent)"
      />
      <path d="M18 11h4v7h7v4h-7v7h-4v-7h-7v-4h7z" fill="currentColor" />
    </>
  ),
  natwest: (
    <>
      <path d="M20 2l16 9v18l-16 9-16-9V11z" fill="var(--color-accent)" />
      <circle cx="20" cy="20" r="7" fill="currentColor" />
    </>
  ),
  barclays: (
    <>
      <circle cx="20" cy="20" r="18" fill="var(--color-accent)" />
      <path d="M5 24c6-8 12-8 15 0s9 8 15 0v6c-6 8-12 8-15 0S11 22 5 30z" fill="currentColor" />
    </>
  ),
  rbs: (
    <>
      <rect x="4" y="4" width="32" height="32" rx="6" fill="var(--color-accent)" />
      <rect x="13" y="13" width="14" height="14" transform="rotate(45 20 20)" fill="currentColor" />
    </>
  ),
  ulster: (
    <>
      <circle cx="15" cy="20" r="12" fill="var(--color-accent)" />
      <circle cx="25" cy="20" r="12" fill="currentColor" fillOpacity="0.85" />
    </>
  ),
  vm: (
    <>
      <path d="M20 3l18 32H2z" fill="var(--color-accent)" />
      <path d="M20 17l7 12H13z" fill="currentColor" />
    </>
  ),
  coop: (
    <>
      <rect x="3" y="3" width="34" height="34" rx="10" fill="var(--color-accent)" />
      <path d="M10 14h20v4H10zm0 8h20v4H10z" fill="currentColor" />
    </>
  ),
};

interface IssuerLogoProps {
  issuer: Issuer;
  className?: string;
}

/** The issuer's mark and short name; decorative, so the surrounding link carries the name. */
export function IssuerLogo({ issuer, className }: IssuerLogoProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 210 40"
      height="40"
      aria-hidden="true"
      focusable="false"
      data-issuer-logo={issuer}
    >
      {marks[issuer]}
      <text x="48" y="22" fontSize="18" fontWeight="700" fill="currentColor">
        {issuerProfiles[issuer].shortName}
      </text>
      <text x="48" y="36" fontSize="10.5" letterSpacing="0.6" fill="currentColor">
        AIRPORT LOUNGES
      </text>
    </svg>
  );
}
