/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
}

/** The compiled message catalogs (scripts/i18n-catalogs.ts). */
declare module 'virtual:signwall-catalogs' {
  import type { Messages } from '@lingui/core';
  type PartLoader = () => Promise<{ default: Messages }>;
  /** English's first-screen messages, in the entry chunk. */
  export const englishFirst: Messages;
  export const loaders: Readonly<
    Record<string, { first: PartLoader; app: PartLoader; moderate: PartLoader }>
  >;
}
