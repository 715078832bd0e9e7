/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Production API origin; empty or unset means the page's own origin. */
  readonly VITE_API_BASE?: string;
  /** Development API origin, used on localhost/staging hosts or with ?is_dev=1. */
  readonly VITE_API_BASE_DEV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
