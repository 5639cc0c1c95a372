/** Set by extension/vite.config.ts at build time. */
declare const __API_ORIGIN__: string;
