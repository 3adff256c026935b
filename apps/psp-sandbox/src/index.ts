export { buildSandbox, DEFAULT_MERCHANT_ID, type SandboxOptions } from './app';
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './start';
export { settingsFromEnv, SANDBOX_DEFAULT_API_KEY, type SandboxSettings } from './settings';
export { TEST_CARDS, type TestCard } from './cards/test-cards';
export { ERRORS, type ProviderErrorBody, type ProviderErrorItem } from './errors';
