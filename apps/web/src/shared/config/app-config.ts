const env = import.meta.env;

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

/** Values an operator may set at build time (VITE_*); read here only. */
export const appConfig = {
  appName: 'Airport Lounges & Fast Track',
  /** The company that runs the programme for the banks (footer legal text). */
  providerName: text(env.VITE_PROVIDER_NAME, 'Lounge Access Services Ltd'),
  /** The insurer-services company named in the footer legal text. */
  insurerServicesName: text(env.VITE_INSURER_SERVICES_NAME, 'Insurer Services Ltd'),
  defaultLanguage: 'en-GB',
} as const;
