/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PROVIDER_NAME?: string;
  readonly VITE_INSURER_SERVICES_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
