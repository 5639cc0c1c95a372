/**
 * The background service worker: the only part that holds the API key (chrome.storage.local)
 * and calls the API. Content scripts and the options page message it; the site's
 * /extension/connect page may hand it a key (externally_connectable names only the site).
 */
import { EXTENSION_CONNECT_MESSAGE, type ExtensionConnectReply } from "../../worker/contract/extension";
import { API_ORIGIN } from "./api-origin";
import { ExtensionService } from "./extension-service";
import type { ExtensionRequest } from "./messages";
import { senderMayAsk } from "./sender-check";
import { keepFromContentScripts } from "./storage-access";

// First, before any key is saved: content scripts (in Amazon's renderer) must not read the key.
void keepFromContentScripts(chrome.storage.local);

const service = new ExtensionService({ fetch: (input, init) => fetch(input, init), store: chrome.storage.local, apiOrigin: API_ORIGIN });

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const request = message as ExtensionRequest;
  if (!senderMayAsk(request, sender, chrome.runtime.id, chrome.runtime.getURL(""))) {
    sendResponse({ ok: false, message: "Not allowed from this page.", detail: "Not allowed from this page." });
    return undefined;
  }
  if (request.type === "open-options") {
    void chrome.runtime.openOptionsPage();
    return undefined;
  }
  service.handle(request).then(sendResponse, (error: unknown) => sendResponse({ ok: false, message: String(error), detail: String(error) }));
  // The answer comes asynchronously.
  return true;
});

// The toolbar button: where a new user looks first to connect the extension.
chrome.action?.onClicked.addListener(() => void chrome.runtime.openOptionsPage());

chrome.runtime.onMessageExternal?.addListener((message, sender, sendResponse) => {
  const fromSite = sender.origin === API_ORIGIN || (sender.url ?? "").startsWith(`${API_ORIGIN}/`);
  const connect = message as { type?: unknown; key?: unknown };
  if (!fromSite || connect.type !== EXTENSION_CONNECT_MESSAGE || typeof connect.key !== "string") {
    sendResponse({ ok: false, detail: "The extension only accepts a key from its own site." } satisfies ExtensionConnectReply);
    return undefined;
  }
  service.saveKey(connect.key).then(
    (saved) => sendResponse((saved.ok ? { ok: true, replacedKeyPrefix: saved.replacedKeyPrefix } : { ok: false, detail: saved.detail }) satisfies ExtensionConnectReply),
    (error: unknown) => sendResponse({ ok: false, detail: String(error) } satisfies ExtensionConnectReply),
  );
  return true;
});
