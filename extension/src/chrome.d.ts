/**
 * The few WebExtension APIs the extension uses, typed here instead of pulling in @types/chrome
 * (a large dependency for a dozen signatures). Chrome and Firefox (which also provides `chrome`)
 * both return promises from these in Manifest V3.
 */
declare namespace chrome {
  namespace runtime {
    interface MessageSender {
      id?: string;
      url?: string;
      origin?: string;
      tab?: { id?: number };
    }
    type MessageListener = (message: unknown, sender: MessageSender, sendResponse: (response?: unknown) => void) => boolean | undefined;
    interface MessageEvent {
      addListener(listener: MessageListener): void;
    }
    const id: string;
    const lastError: { message?: string } | undefined;
    const onMessage: MessageEvent;
    /** Chrome only: messages from the web pages `externally_connectable` names. */
    const onMessageExternal: MessageEvent | undefined;
    function sendMessage(message: unknown): Promise<unknown>;
    function openOptionsPage(): Promise<void>;
    /** The extension's own URL for a path: getURL("") is "chrome-extension://<id>/". */
    function getURL(path: string): string;
  }
  namespace storage {
    interface StorageArea {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
      /** Chromium (local, sync, session); Firefox: session only. */
      setAccessLevel?(options: { accessLevel: "TRUSTED_CONTEXTS" | "TRUSTED_AND_UNTRUSTED_CONTEXTS" }): Promise<void>;
    }
    const local: StorageArea;
    const onChanged: { addListener(listener: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void };
  }
  /** Undefined where the manifest declares no `action`. */
  const action: { onClicked: { addListener(listener: () => void): void; hasListeners(): boolean } } | undefined;
  namespace tabs {
    function create(options: { url: string }): Promise<unknown>;
  }
}
