export { buildSandbox, DEFAULT_MERCHANT_ID, type SandboxOptions } from './app';
export {
  startSandbox,
  startSandboxWhen,
  type ListeningSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from './start';
export {
  settingsFromEnv,
  SANDBOX_DEFAULT_API_KEY,
  type SandboxSettings,
  type WebhookSettings,
} from './settings';
export {
  signWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhooks/signature';
export type { PaymentStatusEvent, WebhookEvent } from './webhooks/events';
export type { WebhookOptions, WebhookRequest, WebhookTransport } from './webhooks/options';
export type { SandboxWebhooks } from './webhooks/dispatcher';
export { TEST_CARDS, type TestCard } from './cards/test-cards';
export { ERRORS, type ProviderErrorBody, type ProviderErrorItem } from './errors';
