import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../api/api-error";
import { addRecipient, fetchRecipients, removeRecipient, type ReportRecipients } from "../../api/branding";
import { fetchConnections } from "../../api/connections";
import { useResource } from "../../api/use-resource";
import { ConnectionSelect } from "../../components/ConnectionPicker";

/** The whole workspace's report, every seller account: the picker's first choice. */
const WHOLE_WORKSPACE = "";

/**
 * Where the weekly report goes: addresses the workspace adds, each confirmed from its own inbox
 * first. With two or more seller accounts, an address can get one client's report instead of the
 * whole workspace's.
 */
export function ReportRecipientsForm({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const [load, reload] = useResource(fetchRecipients);
  const [connectionsLoad] = useResource(fetchConnections);
  const connections = connectionsLoad.status === "success" ? connectionsLoad.data.connections : [];
  const [list, setList] = useState<ReportRecipients | null>(null);
  const [email, setEmail] = useState("");
  const [connectionId, setConnectionId] = useState(WHOLE_WORKSPACE);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A refused Remove shows in its own item: the add form's line may be twenty addresses away.
  const [removeRefusal, setRemoveRefusal] = useState<{ email: string; text: string } | null>(null);
  const shown = list ?? (load.status === "success" ? load.data : null);
  const addRefusal = shown?.add_refusal ?? null;

  async function change(action: () => Promise<ReportRecipients>, onError: (text: string) => void = setFailure) {
    setBusy(true);
    setFailure(null);
    setRemoveRefusal(null);
    try {
      setList(await action());
      return true;
    } catch (error) {
      onError(errorMessage(error, "Could not change the report addresses. Please try again."));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = connections.some((connection) => connection.id === connectionId) ? connectionId : undefined;
    const typed = email;
    // Emptied only if it still holds this address: the next one may have been typed meanwhile.
    if (await change(() => addRecipient(typed, chosen))) setEmail((current) => (current === typed ? "" : current));
  }

  return (
    <section className="settings-form" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Weekly report recipients</h3>
      <p>Each address gets a confirmation link first; only confirmed addresses receive the report, on Mondays.</p>
      {load.status === "error" && (
        <p className="field-error" role="alert">
          The addresses could not be loaded. <button type="button" className="button button--secondary" onClick={reload}>Try again</button>
        </p>
      )}
      {shown && shown.recipients.length > 0 && (
        <ul className="branding-recipients">
          {shown.recipients.map((recipient) => (
            <li key={recipient.email}>
              <span>{recipient.email}</span>
              {connections.length >= 2 && <span className="seller-muted">{recipient.connection_name ?? "All seller accounts"}</span>}
              <span className={`badge ${recipient.confirmed ? "badge--live" : "badge--mock"}`}>{recipient.confirmed ? "Confirmed" : "Waiting for confirmation"}</span>
              {!readOnly && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => void change(() => removeRecipient(recipient.email), (text) => setRemoveRefusal({ email: recipient.email, text }))}
                >
                  Remove<span className="visually-hidden"> {recipient.email}</span>
                </button>
              )}
              {removeRefusal?.email === recipient.email && (
                <p className="field-error refusal" role="alert">
                  {removeRefusal.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && addRefusal && <p className="seller-muted">{addRefusal}</p>}
      {!readOnly && !addRefusal && (
        <form className="branding-recipients__add" onSubmit={(event) => void submit(event)}>
          <div className="field settings-form__field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input id={`${id}-email`} type="email" value={email} required maxLength={320} onChange={(event) => setEmail(event.target.value)} />
          </div>
          {connections.length >= 2 && (
            <ConnectionSelect
              id={`${id}-connection`}
              className="field settings-form__field"
              label="Report for"
              value={connectionId}
              connections={connections}
              onChange={setConnectionId}
            />
          )}
          <button type="submit" className="button button--primary" disabled={busy || email.trim() === ""}>
            Send confirmation
          </button>
        </form>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
