/**
 * The handshake between the site's /extension/connect page and the browser extension: the page
 * creates an API key named EXTENSION_KEY_NAME and sends it with chrome.runtime.sendMessage to the
 * extension id the extension's options page put in the URL. Pure, shared by both sides.
 */
export const EXTENSION_KEY_NAME = "Browser extension";
export const EXTENSION_CONNECT_MESSAGE = "ranklayer-connect";
/** Chrome extension ids: 32 letters a–p. */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

export interface ExtensionConnectMessage {
  type: typeof EXTENSION_CONNECT_MESSAGE;
  key: string;
}

/** What the extension answers: the key is kept, or why not. */
export type ExtensionConnectReply = { ok: true } | { ok: false; detail: string };

/**
 * How long the extension keeps an answer: the server's lookup cache lifetime (CACHE_MAX_AGE_MS in
 * worker/lookup/cache.ts; a worker test holds the two equal). Within it the server would answer
 * from its cache anyway, so asking again would only spend the user's quota.
 */
export const EXTENSION_CACHE_MS = 24 * 60 * 60 * 1000;
