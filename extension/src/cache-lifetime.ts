/**
 * How long the extension keeps an answer: the server's lookup cache lifetime (24 h,
 * CACHE_MAX_AGE_MS in worker/lookup/cache.ts; a worker test holds the two equal). Within it the
 * server would answer from its cache anyway, so asking again would only spend the user's quota.
 */
export const EXTENSION_CACHE_MS = 24 * 60 * 60 * 1000;
