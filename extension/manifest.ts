/**
 * The extension's manifest for Chromium or Firefox, from the API origin the build targets.
 * Permissions stay minimal: `storage` for the key and the answer cache; host access only to the
 * API origin; content scripts only on the nine marketplaces' product and search pages.
 */
import { CHROMIUM_MANIFEST_KEY, FIREFOX_EXTENSION_ID } from "../worker/contract/extension.ts";
import { LOOKUP_MARKETPLACES, MARKETPLACE_HOST } from "../worker/contract/marketplaces.ts";

export type TargetBrowser = "chromium" | "firefox";

export const EXTENSION_VERSION = "0.1.0";

const hosts = LOOKUP_MARKETPLACES.map((code) => MARKETPLACE_HOST[code]);

/** Product pages (/dp/, /gp/product/, with or without a slug first) and search results (/s?k=…). */
export function productPageMatches(): string[] {
  return hosts.flatMap((host) => [`https://${host}/dp/*`, `https://${host}/*/dp/*`, `https://${host}/gp/product/*`]);
}

export function searchPageMatches(): string[] {
  return hosts.flatMap((host) => [`https://${host}/s?*`, `https://${host}/s/*`]);
}

/** `https://ranklayer.com` → `https://ranklayer.com/*` (a port, as in a test build, is kept). */
export function originPattern(apiOrigin: string): string {
  return `${new URL(apiOrigin).origin}/*`;
}

export function extensionCsp(apiOrigin: string): string {
  const origin = new URL(apiOrigin).origin;
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src ${origin}; object-src 'none'; base-uri 'none'; form-action 'none'`;
}

export function buildManifest(apiOrigin: string, browser: TargetBrowser): Record<string, unknown> {
  const manifest: Record<string, unknown> = {
    manifest_version: 3,
    name: "RankLayer: Amazon rank and history",
    short_name: "RankLayer",
    version: EXTENSION_VERSION,
    description: "Best Sellers Rank, rank history and one-click tracking on Amazon product pages, from RankLayer.",
    icons: { "16": "icons/icon-16.png", "48": "icons/icon-48.png", "128": "icons/icon-128.png" },
    permissions: ["storage"],
    host_permissions: [originPattern(apiOrigin)],
    content_scripts: [
      { matches: [...productPageMatches(), ...searchPageMatches()], js: ["content.js"], run_at: "document_idle" },
    ],
    options_ui: { page: "options.html", open_in_tab: true },
    // The toolbar button opens the options (connect, or change the key): without it, a click did nothing.
    action: { default_title: "RankLayer: connect or change your API key", default_icon: { "16": "icons/icon-16.png", "48": "icons/icon-48.png" } },
    content_security_policy: { extension_pages: extensionCsp(apiOrigin) },
  };
  if (browser === "chromium") {
    manifest.background = { service_worker: "background.js" };
    // Pins the id (/extension/connect hands keys only to RankLayer's own ids).
    manifest.key = CHROMIUM_MANIFEST_KEY;
    // Only the site may hand the extension a key (the /extension/connect page).
    manifest.externally_connectable = { matches: [originPattern(apiOrigin)] };
  } else {
    // Firefox runs MV3 backgrounds as event pages and has no externally_connectable for web pages.
    manifest.background = { scripts: ["background.js"] };
    manifest.browser_specific_settings = { gecko: { id: FIREFOX_EXTENSION_ID, strict_min_version: "121.0" } };
  }
  return manifest;
}
