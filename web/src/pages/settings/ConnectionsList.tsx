import { useId, useState, type FormEvent } from "react";
import type { ConnectionList, ConnectionView } from "@contract/connections";
import { CONNECTION_NAME_MAX_LENGTH, SAMPLE_CLIENT_ID_PREFIX } from "@contract/connections";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "@contract/user-status";
import { errorMessage } from "../../api/api-error";
import { addSampleClient, reconnectConnection, removeConnection, renameConnection, startConnection } from "../../api/connections";
import type { Resource } from "../../api/use-resource";
import { LoadFailed } from "../../components/LoadFailed";
import { formatUtc } from "../../lib/format";
import { navigateAway } from "../../lib/navigate-away";
import { useWorkspaces } from "../../state/workspaces";
import { REGION_NAMES } from "./ConnectionPanel";
import "../../styles/connections.css";

const STATUS_TEXT: Record<ConnectionView["status"], string> = { connected: "Connected", disconnected: "Disconnected", demo: "Demo seller" };

/**
 * Settings → Connection Status: every seller account of the workspace (name, seller id, region,
 * status, what needs attention) with rename, reconnect and disconnect, and "connect another":
 * those for owners and admins only (the `connections` permission; the server refuses others too).
 */
export function ConnectionsList({ demo, list, reload }: { demo: boolean; list: Resource<ConnectionList>; reload: () => void }) {
  const manage = !useWorkspaces().lacks("connections");
  const [message, setMessage] = useState<{ kind: "info" | "error"; text: string } | null>(null);

  /**
   * Runs a change and returns its refusal's text, null when it worked. `showHere`: the refusal shows on
   * the section's line; an item's own change shows it in the item instead (ConnectionItem).
   */
  const act = async (work: () => Promise<string | void>, done?: string, showHere = true): Promise<string | null> => {
    setMessage(null);
    try {
      const next = await work();
      if (typeof next === "string") {
        navigateAway(next);
        return null;
      }
      if (done) setMessage({ kind: "info", text: done });
      reload();
      return null;
    } catch (error) {
      const text = errorMessage(error, "That did not work. Please try again.");
      if (showHere) setMessage({ kind: "error", text });
      return text;
    }
  };

  return (
    <section className="connections" aria-labelledby="connections-heading">
      <h3 id="connections-heading">Seller accounts in this workspace</h3>
      {message && (
        <p className={message.kind === "error" ? "field-error" : "seller-note seller-note--info"} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      )}
      {list.status === "loading" && <p className="seller-muted" role="status">Loading seller accounts...</p>}
      {/* Not an alert: the panel above already says whether the account is connected. */}
      {list.status === "error" && <LoadFailed inline message={list.message ?? "Failed to load the seller accounts."} onRetry={reload} />}
      {list.status === "success" && list.data.connections.length === 0 && <p className="seller-muted">No seller account is connected yet.</p>}
      {/* After a downgrade: nothing was removed, and the user decides what goes (or moves the plan up). */}
      {list.status === "success" && list.data.beyondPlan && <p className="seller-note seller-warning">{list.data.beyondPlan}</p>}
      {list.status === "success" && (
        <ul className="connections__list">
          {list.data.connections.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              manage={manage}
              onRename={(name) => act(() => renameConnection(connection.id, name).then(() => undefined), `Renamed to "${name}".`, false)}
              onReconnect={() => act(() => reconnectConnection(connection.id), undefined, false)}
              onDisconnect={() => act(() => removeConnection(connection.id), `${connection.name} was disconnected; its token, seller data and its own alerts were deleted.`, false)}
            />
          ))}
        </ul>
      )}
      {!manage ? null : demo ? (
        // One sample client per workspace: once it is there, the offer is gone rather than adding nothing.
        list.status === "success" && list.data.connections.some((row) => row.sellingPartnerId.startsWith(SAMPLE_CLIENT_ID_PREFIX)) ? null : (
          <p>
            <button type="button" className="button button--secondary" onClick={() => void act(() => addSampleClient().then(() => undefined), "A sample client was added: see it on the portfolio after the next nightly run.")}>
              Add a sample client
            </button>
          </p>
        )
      ) : (
        <ConnectAnother onStart={(marketplace) => act(() => startConnection(marketplace), undefined, false)} />
      )}
    </section>
  );
}

/** An item's change: resolves with its refusal's text, null when it worked. */
type ItemAction = () => Promise<string | null>;

interface ItemProps {
  connection: ConnectionView;
  /** Whether the member may rename, reconnect and disconnect. */
  manage: boolean;
  onRename: (name: string) => Promise<string | null>;
  onReconnect: ItemAction;
  onDisconnect: ItemAction;
}

function ConnectionItem({ connection, manage, onRename, onReconnect, onDisconnect }: ItemProps) {
  const [mode, setMode] = useState<"view" | "rename" | "confirm">("view");
  const [busy, setBusy] = useState(false);
  // A refusal shows in this item, and a refused rename or disconnect stays open with what was typed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const nameId = useId();
  const refusalId = `${nameId}-refusal`;
  const run = async (work: ItemAction) => {
    setBusy(true);
    setRefusal(null);
    const refused = await work();
    setBusy(false);
    setRefusal(refused);
    if (refused === null) setMode("view");
  };
  const close = () => {
    setRefusal(null);
    setMode("view");
  };
  const submitRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    void run(() => onRename(name));
  };
  const real = connection.status !== "demo";
  // A demo sample client may go again; the demo account's own seller stays.
  const removable = real || connection.sellingPartnerId.startsWith(SAMPLE_CLIENT_ID_PREFIX);
  return (
    <li className="connections__item card">
      <div className="connections__head">
        <strong>{connection.name}</strong>
        <span className={`badge ${connection.status === "connected" ? "badge--live" : "badge--mock"}`}>{STATUS_TEXT[connection.status]}</span>
      </div>
      <dl className="connections__facts">
        <div><dt>Seller ID</dt><dd>{connection.sellingPartnerId}</dd></div>
        <div><dt>Region</dt><dd>{REGION_NAMES[connection.region]}</dd></div>
        <div><dt>Renewal due</dt><dd>{connection.renewalDueAt ? formatUtc(connection.renewalDueAt) : "—"}</dd></div>
      </dl>
      {connection.needsAttention && (
        <p className="seller-warning">
          <strong>Needs attention:</strong> {connection.needsAttention}
        </p>
      )}
      {mode === "rename" && (
        <form className="connections__rename" onSubmit={submitRename}>
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            name="name"
            defaultValue={connection.name}
            maxLength={CONNECTION_NAME_MAX_LENGTH}
            required
            aria-invalid={refusal !== null}
            aria-describedby={refusal !== null ? refusalId : undefined}
          />
          <button type="submit" className="button button--primary" disabled={busy}>Save name</button>
          <button type="button" className="button button--secondary" onClick={close}>Cancel</button>
        </form>
      )}
      {mode === "confirm" && (
        <div className="seller-warning" role="group" aria-label={`Confirm disconnect of ${connection.name}`}>
          <p>Disconnect {connection.name}? Its stored authorization, its seller data (stock, Buy Box, revenue) and the alerts set for it alone are deleted.</p>
          <div className="connect__actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void run(onDisconnect)}>
              {busy ? "Disconnecting..." : "Yes, disconnect"}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={close}>Cancel</button>
          </div>
        </div>
      )}
      {refusal !== null && (
        <p id={refusalId} className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {mode === "view" && manage && (
        <div className="connect__actions">
          <button type="button" className="button button--secondary" onClick={() => { setRefusal(null); setMode("rename"); }} aria-label={`Rename ${connection.name}`}>Rename</button>
          {real && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run(onReconnect)} aria-label={`Reconnect ${connection.name}`}>Reconnect</button>
          )}
          {removable && (
            <button type="button" className="button button--secondary" onClick={() => { setRefusal(null); setMode("confirm"); }} aria-label={`Disconnect ${connection.name}`}>Disconnect</button>
          )}
        </div>
      )}
    </li>
  );
}

function ConnectAnother({ onStart }: { onStart: (marketplace: AccountMarketplace) => Promise<string | null> }) {
  const id = useId();
  const [marketplace, setMarketplace] = useState<AccountMarketplace>("US");
  // One consent link per press: a second press while the first is on its way would start a second OAuth flow.
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setRefusal(null);
    const refused = await onStart(marketplace);
    // On success the browser is on its way to Amazon: the button stays off.
    if (refused !== null) {
      setRefusal(refused);
      setBusy(false);
    }
  };
  return (
    <form className="connections__add" onSubmit={(event) => { event.preventDefault(); if (!busy) void start(); }}>
      <div className="field">
        <label htmlFor={id}>Connect another seller account in</label>
        <select id={id} value={marketplace} onChange={(event) => setMarketplace(event.target.value as AccountMarketplace)}>
          {ACCOUNT_MARKETPLACES.map((code) => <option key={code} value={code}>{code}</option>)}
        </select>
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>{busy ? "Connecting..." : "Connect seller account"}</button>
      {/* By the button, below the list: the section's own line may be out of view. */}
      {refusal !== null && <p className="field-error refusal" role="alert">{refusal}</p>}
    </form>
  );
}
