/** The card issuers (themes). `ubni` is another name for `ulster`. */
export const ISSUERS = [
  'default',
  'dpplus',
  'natwest',
  'barclays',
  'rbs',
  'ulster',
  'vm',
  'coop',
] as const;
export type Issuer = (typeof ISSUERS)[number];

export const ISSUER_ALIASES: Readonly<Record<string, Issuer>> = { ubni: 'ulster' };

/** Maps any spelling a URL, host or storage may hold to an issuer, or undefined. */
export function normaliseIssuer(value: string | null | undefined): Issuer | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  const alias = ISSUER_ALIASES[v];
  if (alias) return alias;
  return (ISSUERS as readonly string[]).includes(v) ? (v as Issuer) : undefined;
}
