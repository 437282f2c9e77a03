/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** URL of the clerks' manual (PDF); the bottom bar shows the link only when this is set. */
  readonly VITE_MANUAL_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
