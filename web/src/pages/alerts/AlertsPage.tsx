import { useCallback, useRef, useState } from "react";
import { LoadFailed } from "../../components/LoadFailed";
import { fetchAlerts } from "../../api/alerts";
import { ConnectionPicker, useConnectionList, useConnectionParam } from "../../components/ConnectionPicker";
import { useResource } from "../../api/use-resource";
import { RequireSignIn } from "../../components/RequireSignIn";
import { formatCount } from "../../lib/format";
import { ExportButtons } from "../../components/ExportButtons";
import { useWorkspaces } from "../../state/workspaces";
import { AlertInfoCards } from "./AlertInfoCards";
import { AlertItem } from "./AlertItem";
import { NEW_ALERT_DRAFT } from "./alert-draft";
import { NewAlertModal } from "./NewAlertModal";
import { WatchlistSection } from "./WatchlistSection";
import "../../styles/seller.css";
import "../../styles/alerts.css";

const LOAD_FAILED = "Failed to load your alerts.";

/** /alerts: what alerts can watch, the user's alerts, the New Alert modal and the watchlist. */
export function AlertsPage() {
  return (
    <RequireSignIn title="Alerts" reason="Connect your seller account (or try the demo) to set up rank, price and stock alerts.">
      {() => <AlertsScreen />}
    </RequireSignIn>
  );
}

function AlertsScreen() {
  const connection = useConnectionParam();
  const connections = useConnectionList();
  const fetcher = useCallback((signal: AbortSignal) => fetchAlerts(signal, connection), [connection]);
  const [alerts, reload] = useResource(fetcher);
  const [modalOpen, setModalOpen] = useState(false);
  const [draft, setDraft] = useState(NEW_ALERT_DRAFT);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // A viewer reads alerts and the watchlist but changes neither (the server refuses it too).
  const readOnly = useWorkspaces().lacks("track");

  return (
    <div className="container seller-page">
      <div className="alerts-page__head">
        <h1>Alerts</h1>
        {!readOnly && (
          <button type="button" className="button button--primary" onClick={() => setModalOpen(true)}>
            New Alert
          </button>
        )}
      </div>
      <ConnectionPicker connections={connections} />
      <AlertInfoCards />

      <section className="alerts-list" aria-labelledby="alerts-list-heading">
        <div className="alerts-list__head">
          <h2 id="alerts-list-heading" ref={listHeading} tabIndex={-1}>
            Your alerts
          </h2>
          {alerts.status === "success" && (
            <p className="alerts-count">
              {alerts.data.activeLimit === null
                ? `${formatCount(alerts.data.active)} active`
                : `${formatCount(alerts.data.active)} of ${formatCount(alerts.data.activeLimit)} active alerts on your plan`}
            </p>
          )}
          {!readOnly && <ExportButtons dataset="alerts" what="alerts" params={connection ? { connection } : {}} disabled={alerts.status !== "success" || alerts.data.alerts.length === 0} />}
        </div>
        {alerts.status === "success" && alerts.data.activeLimit !== null && alerts.data.active >= alerts.data.activeLimit && (
          <p className="seller-note seller-note--info">
            You have reached your plan&apos;s {formatCount(alerts.data.activeLimit)} active alerts: pause or delete one before
            adding another.
          </p>
        )}
        {alerts.status === "loading" && (
          <p className="seller-muted" role="status">
            Loading your alerts...
          </p>
        )}
        {alerts.status === "error" && (
          <LoadFailed message={alerts.message ?? LOAD_FAILED} onRetry={reload} />
        )}
        {alerts.status === "success" &&
          (alerts.data.alerts.length === 0 ? (
            <p>No alerts yet. Choose New Alert to watch an ASIN&apos;s rank, price, stock or Buy Box.</p>
          ) : (
            <ul className="stack-list">
              {alerts.data.alerts.map((alert) => (
                <AlertItem key={alert.id} alert={alert} readOnly={readOnly} onChanged={reload} onDeleted={() => listHeading.current?.focus()} />
              ))}
            </ul>
          ))}
      </section>

      <WatchlistSection readOnly={readOnly} />

      {modalOpen && !readOnly && (
        <NewAlertModal
          draft={draft}
          onChange={setDraft}
          onClose={() => setModalOpen(false)}
          onCreated={() => {
            setModalOpen(false);
            setDraft(NEW_ALERT_DRAFT);
            reload();
          }}
        />
      )}
    </div>
  );
}
