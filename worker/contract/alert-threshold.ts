/**
 * The largest alert threshold the API takes. Zod-free, so the browser extension's prefilled
 * threshold stays within it without bundling the validator.
 */
export const THRESHOLD_MAX = 10_000_000;
