import { useState } from "react";

/** A code example with a button that copies it. */
export function CopyBlock({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <figure className="docs-code">
      <figcaption className="docs-code__bar">
        <span>{label}</span>
        <button type="button" className="button button--secondary docs-code__copy" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> {label}</span>
        </button>
        <span role="status" className="docs-code__status">
          {copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy by hand" : ""}
        </span>
      </figcaption>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
