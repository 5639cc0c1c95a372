import { EXTENSION_CONNECT_MESSAGE, type ExtensionConnectMessage, type ExtensionConnectReply } from "@contract/extension";

/** The part of `chrome.runtime` a web page sees when an installed extension lists the site in externally_connectable. */
export interface PageRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string } | undefined;
}

/** `chrome.runtime` as this page sees it, or null (another browser, or no extension lets the site reach it). */
export function pageRuntime(): PageRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return runtime && typeof runtime.sendMessage === "function" ? (runtime as PageRuntime) : null;
}

/** Hands the key to the extension; "unreachable" when the browser has no way to (then the page shows the key to paste). */
export function sendKeyToExtension(runtime: PageRuntime | null, extensionId: string, key: string): Promise<ExtensionConnectReply | "unreachable"> {
  if (!runtime) return Promise.resolve("unreachable");
  const message: ExtensionConnectMessage = { type: EXTENSION_CONNECT_MESSAGE, key };
  return new Promise((resolve) => {
    try {
      runtime.sendMessage(extensionId, message, (reply) => {
        if (runtime.lastError || typeof reply !== "object" || reply === null) return resolve("unreachable");
        resolve(reply as ExtensionConnectReply);
      });
    } catch {
      resolve("unreachable");
    }
  });
}
