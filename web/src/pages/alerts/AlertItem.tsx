import { Link } from "../../components/Link";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { alertPatchSchema, type AlertPatch, type AlertView } from "@contract/alerts";
import { errorMessage } from "../../api/api-error";
import { LimitMessage } from "../../components/LimitMessage";
import { deleteAlert, updateAlert } from "../../api/alerts";
import { fieldErrorsOf } from "../../api/field-errors";
import { formatUtc } from "../../lib/format";
import { CONDITION_COPY, formatThreshold } from "./alert-copy";
import { parseThreshold } from "./alert-draft";
import { ChannelChoices } from "./ChannelChoices";
import "../../styles/facts.css";

const ACTION_FAILED = "That did not work. Please try again.";

type Mode = "view" | "editing" | "confirming-delete";

interface AlertItemProps {
  alert: AlertView;
  /** After any change: the page reloads the list (and the active count). */
  onChanged: () => void;
  /** After a delete, when this item (and the focus on it) goes away. */
  onDeleted: () => void;
  /** The member may not change alerts (a viewer): no Pause, Edit or Delete. */
  readOnly?: boolean;
}

/** One alert: what it watches, how it notifies, its last result, and Pause/Resume, Edit and Delete. */
export function AlertItem({ alert, onChanged, onDeleted, readOnly = false }: AlertItemProps) {
  const headingId = useId();
  const [mode, setMode] = useState<Mode>("view");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs one request; on success the list reloads, on failure the server's reason shows here. */
  async function run(request: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (failure) {
      setError(errorMessage(failure, ACTION_FAILED));
      setBusy(false);
      return false;
    }
    setBusy(false);
    setMode("view");
    onChanged();
    return true;
  }

  const { label } = CONDITION_COPY[alert.conditionType];
  return (
    <li className={`card alert-item${alert.paused ? " alert-item--paused" : ""}`} aria-labelledby={headingId}>
      <div className="alert-item__head">
        <h3 id={headingId} className="alert-item__title">
          {label}: {alert.asin} ({alert.marketplace})
        </h3>
        {alert.paused && <span className="badge badge--muted">{alert.paused_reason === "plan_limit" ? "Paused: plan limit" : "Paused"}</span>}
      </div>
      {alert.paused_reason === "plan_limit" && (
        <p className="seller-muted">
          Paused because your plan allows fewer active alerts or marketplaces. <Link to="/billing">Upgrade to resume it</Link>.
        </p>
      )}
      <dl className="facts facts--columns">
        <Fact term="Threshold" value={formatThreshold(alert.conditionType, alert.threshold)} />
        <Fact term="Channels" value={channelsText(alert)} />
        <Fact term="Last triggered" value={alert.last_triggered === null ? "Never" : formatUtc(alert.last_triggered)} />
        <Fact term="Last check" value={lastCheckText(alert)} />
      </dl>

      {mode === "editing" ? (
        <EditAlertForm alert={alert} busy={busy} onSave={(patch) => void run(() => updateAlert(alert.id, patch))} onCancel={() => setMode("view")} />
      ) : mode === "confirming-delete" ? (
        <div className="seller-warning" role="group" aria-label="Confirm delete">
          <p>Delete this alert? It stops being checked, and this cannot be undone.</p>
          <div className="connect__actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void run(() => deleteAlert(alert.id)).then((deleted) => deleted && onDeleted())}>
              {busy ? "Deleting..." : "Yes, delete"}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setMode("view")}>
              Cancel
            </button>
          </div>
        </div>
      ) : readOnly ? null : (
        <div className="connect__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void run(() => updateAlert(alert.id, { paused: !alert.paused }))}
          >
            {alert.paused ? "Resume" : "Pause"}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setMode("editing")}>
            Edit
          </button>
          <button type="button" className="button button--secondary" onClick={() => setMode("confirming-delete")}>
            Delete
          </button>
        </div>
      )}
      {error !== null && <LimitMessage text={error} />}
    </li>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function channelsText({ email_enabled, in_app_enabled }: AlertView): string {
  const channels = [email_enabled && "Email", in_app_enabled && "In-app"].filter(Boolean);
  return channels.length === 0 ? "None" : channels.join(", ");
}

/**
 * What the last nightly check found: missing data is "No data", never a firing. A result found on
 * mock data says so, as a firing's message does, so it never reads as a live result.
 */
function lastCheckText({ last_result, last_result_source, last_checked_day }: AlertView): ReactNode {
  if (last_result === null) return "Not checked yet";
  const outcome = { fired: "Fired", ok: "Not triggered", no_data: "No data" }[last_result];
  const mock = last_result_source === "mock" ? "mock data" : null;
  if (last_checked_day === null) return mock === null ? outcome : `${outcome} (${mock})`;
  // The day never breaks at its hyphens in a narrow column.
  return (
    <>
      {outcome} (<span className="facts__nowrap">{last_checked_day}</span>
      {mock === null ? "" : `, ${mock}`})
    </>
  );
}

interface EditAlertFormProps {
  alert: AlertView;
  busy: boolean;
  onSave: (patch: AlertPatch) => void;
  onCancel: () => void;
}

/** Threshold and channels, checked with the Worker's PATCH schema before they are sent. */
function EditAlertForm({ alert, busy, onSave, onCancel }: EditAlertFormProps) {
  const id = useId();
  const [threshold, setThreshold] = useState(alert.threshold === null ? "" : String(alert.threshold));
  const [channels, setChannels] = useState({ email_enabled: alert.email_enabled, in_app_enabled: alert.in_app_enabled });
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const thresholdLabel = CONDITION_COPY[alert.conditionType].thresholdLabel;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const patch = alertPatchSchema.safeParse({
      ...channels,
      ...(thresholdLabel === null ? {} : { threshold: parseThreshold(threshold) ?? Number.NaN }),
    });
    if (!patch.success) {
      setThresholdError(fieldErrorsOf(patch.error, ["threshold"]).threshold ?? "Check the threshold");
      return;
    }
    setThresholdError(null);
    onSave(patch.data);
  }

  const errorId = `${id}-threshold-error`;
  return (
    <form className="alert-form alert-form--inline" onSubmit={submit} noValidate aria-label="Edit alert">
      {thresholdLabel !== null && (
        <div className="field">
          <label htmlFor={`${id}-threshold`}>{thresholdLabel}</label>
          <input
            id={`${id}-threshold`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={threshold}
            aria-invalid={thresholdError !== null}
            aria-describedby={thresholdError === null ? undefined : errorId}
            onChange={(event) => setThreshold(event.target.value)}
          />
          {thresholdError !== null && (
            <p id={errorId} className="field-error">
              {thresholdError}
            </p>
          )}
        </div>
      )}
      <ChannelChoices draft={channels} onChange={setChannels} />
      <div className="connect__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
