/**
 * The handshake between the site's /extension/connect page and the browser extension: the page
 * creates an API key named EXTENSION_KEY_NAME and sends it with chrome.runtime.sendMessage to the
 * extension id the extension's options page put in the URL. Pure, shared by both sides.
 */
export const EXTENSION_KEY_NAME = "Browser extension";
export const EXTENSION_CONNECT_MESSAGE = "ranklayer-connect";
/** Chrome extension ids: 32 letters a–p. */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

/** The Firefox build's id (its manifest's gecko id). */
export const FIREFOX_EXTENSION_ID = "browser-extension@ranklayer.com";

/**
 * The public key in the Chromium build's manifest (`key`): it pins the extension's id, so every
 * build (unpacked, test, the Web Store's when published with it) has CHROMIUM_EXTENSION_ID. The
 * private key is not needed to load or publish it, and is kept nowhere here.
 */
export const CHROMIUM_MANIFEST_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEApnkp04FKiA9ztLwrGiRhyatsYLBjRorClX9tlwXSsxXQ5HpQAQ2gnHC+Y9RrLwckFABgpy3UlCOLIR69fn2/jV5kxT9ZzehnTlCZhicN//wOkJmD/GtpvdwFUiS/cr9wzw4ZoLI71jUlTLf4XLD0F23xV5QGkw4SkaipjVLkSK9yx3vcGSpa3aaSP3vWJHzyf2CjtvolieBmh40qnBo50E4Wz6zdgJx0v9/FCRvZkS41EoTP6LTW2ERFOBVR8VA/w84GJdNqyDehz8Mg++YE7JYJGiqatdQkJXet52fOuWW5YK7yx79m4vXZq2Y+19X8hdAjZDKoUTwMX1a0NSHT0QIDAQAB";
export const CHROMIUM_EXTENSION_ID = "ogjnfkcodnljgifehmmlbabflnfipnoh";

/**
 * The extensions /extension/connect hands a key to. Any extension may list ranklayer.com in its
 * externally_connectable, so a link naming another id must never get a key.
 */
export const RANKLAYER_EXTENSION_IDS: readonly string[] = [CHROMIUM_EXTENSION_ID, FIREFOX_EXTENSION_ID];

export interface ExtensionConnectMessage {
  type: typeof EXTENSION_CONNECT_MESSAGE;
  key: string;
}

/**
 * What the extension answers: the key is kept (with the visible prefix of another key it held
 * before, "rl_live_abcd12…", which the page then revokes if it is this account's extension key),
 * or why not.
 */
export type ExtensionConnectReply = { ok: true; replacedKeyPrefix?: string | null } | { ok: false; detail: string };

/**
 * How long the extension keeps an answer: the server's lookup cache lifetime (CACHE_MAX_AGE_MS in
 * worker/lookup/cache.ts; a worker test holds the two equal). Within it the server would answer
 * from its cache anyway, so asking again would only spend the user's quota.
 */
export const EXTENSION_CACHE_MS = 24 * 60 * 60 * 1000;
