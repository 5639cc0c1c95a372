import { useState } from "react";
import type { CreatedApiKey } from "@contract/api-keys";

/** The one time a key is shown in full, with a copy button. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className="seller-note seller-note--info api-key-notice">
      <p>
        <strong>{created.apiKey.name}</strong>: copy this key now. It will not be shown again; RankLayer keeps only a hash of it.
      </p>
      <p>
        <code aria-label="New API key" className="api-key-notice__key">
          {created.key}
        </code>
      </p>
      <div className="connect__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copy key
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className="save-bar__status">
        {copied === "copied" ? "Copied to the clipboard." : copied === "failed" ? "Copying failed: select the key and copy it." : ""}
      </p>
    </div>
  );
}
