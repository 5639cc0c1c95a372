import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../api/api-error";
import { downloadAccountExport } from "../../api/exports";
import { deleteAccount } from "../../api/sign-in";
import type { AccountDeleted, AccountOverview } from "@contract/sign-in";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../state/session";
import "../../styles/account-access.css";
import { useRecentSignIn } from "../../components/use-recent-sign-in";

/** Settings → Account: take your data with you, or leave. */
export function YourData({ account }: { account: AccountOverview }) {
  return (
    <section aria-labelledby="your-data" className="settings-section">
      <h3 id="your-data">Your data</h3>
      <p className="seller-muted">A JSON file of everything RankLayer stores about this account: no passwords, tokens or keys.</p>
      <ExportMyData />
      <DeleteAccount phrase={account.deletionPhrase} />
    </section>
  );
}

/** Downloads the export; a refusal (at most 5 an hour) is said here, and a second click waits for the first. */
function ExportMyData() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      await downloadAccountExport();
    } catch (error) {
      setFailed(errorMessage(error, "The export could not be made. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className="button button--secondary" onClick={() => void download()} disabled={busy}>
        {busy ? "Exporting…" : "Export my data"}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}

/** Deletes, then shows what was done on /signin: this signed-in screen goes with the session. */
function DeleteAccount({ phrase }: { phrase: string }) {
  const id = useId();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { guard, dialog } = useRecentSignIn();
  const matches = typed.trim().toLowerCase() === phrase.toLowerCase();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      const report: AccountDeleted = await guard(() => deleteAccount(typed));
      navigate("/signin", { state: { deleted: report } });
      void refresh();
    } catch (caught) {
      setFailed(errorMessage(caught, "The account was not deleted. Please try again."));
      setBusy(false);
    }
  }

  return (
    <form className="settings-form danger-zone" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Delete my account</h4>
      <p className="seller-muted">
        Cancels a paid subscription, then erases your sign-in methods, sessions, API keys, alerts, notifications, watchlist and
        settings. This cannot be undone.
      </p>
      <div className="field settings-form__field">
        <label htmlFor={`${id}-confirm`}>
          Type <strong>{phrase}</strong> to confirm
        </label>
        <input id={`${id}-confirm`} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
      </div>
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
      <button type="submit" className="button button--danger" disabled={busy || !matches}>
        {busy ? "Deleting..." : "Delete my account"}
      </button>
      {dialog}
    </form>
  );
}
