/**
 * Who may ask the background what. Content scripts run inside Amazon's pages, so Chrome advises
 * treating their messages as possibly crafted by the page's renderer: they may ask for product
 * data and the Track/Alert actions, but only the extension's own pages (options) may save,
 * remove or read the key.
 */
import type { ExtensionRequest } from "./messages";

const KEY_REQUESTS: ReadonlySet<ExtensionRequest["type"]> = new Set(["save-key", "remove-key", "key-status"]);

/** `extensionBase` is chrome.runtime.getURL(""): "chrome-extension://<id>/" (Firefox: "moz-extension://<uuid>/"). */
export function senderMayAsk(
  request: ExtensionRequest,
  sender: { id?: string; url?: string },
  runtimeId: string,
  extensionBase: string,
): boolean {
  if (sender.id !== runtimeId) return false;
  if (!KEY_REQUESTS.has(request.type)) return true;
  return (sender.url ?? "").startsWith(extensionBase);
}
