import { useState, type FormEvent } from "react";
import { useLocation } from "react-router-dom";
import { errorMessage } from "../api/api-error";
import { fetchAccount } from "../api/account-overview";
import { reverifyWithCode, reverifyWithPasskey, sendReverifyCode } from "../api/reverify";
import { useResource } from "../api/use-resource";
import { onlyAmazon } from "./AddWayInNotice";
import { Dialog } from "./Dialog";
import { NEXT_PARAM } from "../lib/next-path";
import { OutcomeNote, type Outcome } from "./OutcomeNote";

/**
 * "Confirm it's you": a passkey of this account, a code mailed to its address, or (an account
 * Amazon signs in to) Amazon sign-in again, which comes back to Settings.
 */
export function ReverifyDialog({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [account] = useResource(fetchAccount);
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Outcome | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState("");

  async function run(step: () => Promise<void>, fallback: string) {
    setBusy(true);
    setNote(null);
    try {
      await step();
    } catch (caught) {
      setNote({ ok: false, text: errorMessage(caught, fallback) });
    } finally {
      setBusy(false);
    }
  }

  const usePasskey = () =>
    run(async () => {
      await reverifyWithPasskey();
      onVerified();
    }, "The passkey was not accepted. Try again, or use another way.");

  const sendCode = () =>
    run(async () => {
      setNote({ ok: true, text: await sendReverifyCode() });
      setCodeSent(true);
    }, "The code could not be sent. Try again in a minute.");

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      await reverifyWithCode(code.trim());
      onVerified();
    }, "That code was not accepted.");
  }

  const ways = account.status === "success" ? account.data : null;
  // Amazon brings the person back to this page (the change is then made again).
  const here = `${location.pathname}${location.search}${location.hash}`;
  const amazonReturn = `/connect?${new URLSearchParams({ [NEXT_PARAM]: here })}`;
  return (
    <Dialog title="Confirm it's you" onClose={onCancel}>
      <p>You signed in more than 15 minutes ago. To keep your account safe if someone else is at this computer, confirm it is you; then your change goes through as you made it.</p>
      {account.status === "loading" && <p className="seller-muted">Loading…</p>}
      {account.status === "error" && <p className="field-error">Your ways to sign in could not be read. Close this and try again.</p>}
      {ways && ways.waysIn.passkeys > 0 && (
        <p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void usePasskey()}>
            Use a passkey
          </button>
        </p>
      )}
      {ways?.email && !codeSent && (
        <p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void sendCode()}>
            Email a code to {ways.email}
          </button>
        </p>
      )}
      {codeSent && (
        <form className="settings-form" onSubmit={submitCode}>
          <div className="field settings-form__field">
            <label htmlFor="reverify-code">6-digit code</label>
            <input id="reverify-code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required value={code} onChange={(event) => setCode(event.target.value)} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy || code.trim().length !== 6}>
            Confirm
          </button>
        </form>
      )}
      {/* Amazon sign-in counts only for an account with no other way in: its answer does not prove the seller id. */}
      {ways && onlyAmazon(ways) && (
        <p className="seller-muted">
          Or <a href={amazonReturn}>sign in with Amazon again</a> (this leaves the page: make your change again when you are back).
        </p>
      )}
      <OutcomeNote outcome={note} />
      <div className="connect__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
