import { useState } from "react";
import type { SignInLinkConfirmation } from "@contract/sign-in";

/**
 * A sign-in link opened in a browser that did not ask for it: nothing happens until the person
 * says yes, so a link someone else sent cannot silently put them into that person's account.
 */
export function LinkConfirmation({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: SignInLinkConfirmation;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { email, signedIn, signedInAs } = confirmation;
  return (
    <div className="seller-form">
      <p role="status">
        Sign in as <strong>{email}</strong>?
      </p>
      <p>
        This link was asked for in another browser or on another device. Continue only if you asked for it yourself: whatever you do next
        (connecting a seller account, adding a passkey) goes into that account.
      </p>
      {signedIn && (
        <p className="seller-note seller-note--info">
          {signedInAs ? (
            <>
              You are signed in here as <strong>{signedInAs}</strong>.
            </>
          ) : (
            "You are signed in to another account here."
          )}{" "}
          Continuing signs you out of it.
        </p>
      )}
      <div className="connect__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {busy ? "Signing in..." : `Sign in as ${email}`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
