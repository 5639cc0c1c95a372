import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../api/api-error";
import { ACCOUNT_EXPORT_URL, deleteAccount } from "../../api/sign-in";
import type { AccountDeleted, AccountOverview } from "../../../../worker/contract/sign-in";
import { useSession } from "../../state/session";
import "../../styles/account-access.css";

/** Settings → Account: take your data with you, or leave. */
export function YourData({ account }: { account: AccountOverview }) {
  const [deleted, setDeleted] = useState<AccountDeleted | null>(null);
  if (deleted) return <DeletedReport report={deleted} />;
  return (
    <section aria-labelledby="your-data" className="settings-section">
      <h3 id="your-data">Your data</h3>
      <p className="seller-muted">A JSON file of everything RankLayer stores about this account: no passwords, tokens or keys.</p>
      <a className="button button--secondary" href={ACCOUNT_EXPORT_URL} download>
        Export my data
      </a>
      <DeleteAccount phrase={account.deletionPhrase} onDeleted={setDeleted} />
    </section>
  );
}

function DeleteAccount({ phrase, onDeleted }: { phrase: string; onDeleted: (report: AccountDeleted) => void }) {
  const id = useId();
  const { refresh } = useSession();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === phrase.toLowerCase();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      const report = await deleteAccount(typed);
      onDeleted(report);
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
    </form>
  );
}

function DeletedReport({ report }: { report: AccountDeleted }) {
  const { erased } = report;
  return (
    <section aria-labelledby="account-deleted" className="settings-section" role="status">
      <h3 id="account-deleted">Your account is deleted</h3>
      <ul>
        <li>{report.subscription === "canceled" ? "Your Pro subscription was canceled at Stripe." : "There was no paid subscription to cancel."}</li>
        <li>
          Erased: {erased.sessions} sessions, {erased.apiKeys} API keys, {erased.alerts} alerts, {erased.notifications} notifications,{" "}
          {erased.watchlist} watchlist entries, {erased.passkeys} passkeys{erased.refreshToken ? ", the Amazon authorization" : ""}
          {erased.email ? `, and ${erased.email}` : ""}.
        </li>
        {report.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
