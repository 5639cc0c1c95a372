import { useState } from "react";
import { Link } from "../../components/Link";
import type { ConnectionStatus, SellerRegion } from "@contract/account";
import { errorMessage } from "../../api/api-error";
import { disconnectSeller } from "../../api/account";
import { formatUtc } from "../../lib/format";
import { useSession } from "../../state/session";
import "../../styles/facts.css";
import { useWorkspaces } from "../../state/workspaces";

/** An SP-API region in words: this panel and the list of the workspace's seller accounts. */
export const REGION_NAMES: Record<SellerRegion, string> = { na: "North America", eu: "Europe", fe: "Far East" };
const DISCONNECT_FAILED = "Failed to disconnect. Please try again.";

type DisconnectState =
  | { status: "idle" }
  | { status: "confirming" }
  | { status: "disconnecting" }
  | { status: "done" }
  | { status: "error"; message: string };

interface ConnectionPanelProps {
  /** The member's own Amazon sign-in (GET /api/settings), not the workspace's seller accounts. */
  connection: ConnectionStatus;
  reloadConnection: () => Promise<void>;
  /** How many seller accounts the workspace has; null until known. */
  workspaceSellers: number | null;
}

export function ConnectionPanel({ connection, reloadConnection, workspaceSellers }: ConnectionPanelProps) {
  const { refresh } = useSession();
  const [state, setState] = useState<DisconnectState>({ status: "idle" });
  const { lacks } = useWorkspaces();

  async function disconnect() {
    setState({ status: "disconnecting" });
    try {
      await disconnectSeller();
    } catch (error) {
      setState({ status: "error", message: errorMessage(error, DISCONNECT_FAILED) });
      return;
    }
    setState({ status: "done" });
    // The header, Seller Central and this tab all show the new state.
    await Promise.all([
      refresh(),
      reloadConnection().catch((error: unknown) => console.error("Connection status could not be reloaded", error)),
    ]);
  }

  return (
    <div className="settings-panel">
      <h2>Connection Status</h2>
      {state.status === "done" && (
        <p className="seller-note seller-note--info" role="status">
          Your seller account was disconnected and its stored authorization erased.
        </p>
      )}
      {connection.connected ? (
        <>
          <p>
            <span className="badge badge--live">Connected</span> Read-only access to your Amazon seller account through
            SP-API.
          </p>
          <dl className="facts">
            <Fact term="Seller ID" value={connection.sellingPartnerId} />
            <Fact term="Region" value={connection.region === null ? null : REGION_NAMES[connection.region]} />
            <Fact term="Granted" value={connection.grantedAt === null ? null : formatUtc(connection.grantedAt)} />
            <Fact term="Renewal due" value={connection.renewalDueAt === null ? null : formatUtc(connection.renewalDueAt)} />
          </dl>
          {connection.needsAttention && (
            <p className="seller-warning" role="alert">
              <strong>Needs attention</strong> since {formatUtc(connection.needsAttention.since)}: Amazon refused this
              account ({connection.needsAttention.code}). {connection.needsAttention.detail}
            </p>
          )}
          <p className="seller-muted">Amazon authorizations must be renewed every 365 days.</p>
          {/* Owners and admins only: the server refuses anyone else too. */}
          {!lacks("connections") && (
            <DisconnectControls state={state} onAsk={() => setState({ status: "confirming" })} onCancel={() => setState({ status: "idle" })} onConfirm={() => void disconnect()} />
          )}
        </>
      ) : (
        <NotConnected demo={connection.demo} workspaceSellers={workspaceSellers} canConnect={!lacks("connections")} />
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value ?? "—"}</dd>
    </div>
  );
}

interface DisconnectControlsProps {
  state: DisconnectState;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Disconnecting erases the stored token, so it takes a second, explicit confirmation. */
function DisconnectControls({ state, onAsk, onCancel, onConfirm }: DisconnectControlsProps) {
  if (state.status === "confirming" || state.status === "disconnecting") {
    const busy = state.status === "disconnecting";
    return (
      <div className="seller-warning" role="group" aria-label="Confirm disconnect">
        <p>
          Disconnect this seller account? RankLayer erases its stored authorization; your account and settings stay, and
          you can connect again at any time.
        </p>
        <div className="connect__actions">
          <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
            {busy ? "Disconnecting..." : "Yes, disconnect"}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={onAsk}>
        Disconnect
      </button>
      {state.status === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
    </>
  );
}

function NotConnected({ demo, workspaceSellers, canConnect }: { demo: boolean; workspaceSellers: number | null; canConnect: boolean }) {
  return (
    <>
      {demo ? (
        <p>
          <span className="badge badge--mock">Demo account</span> You&apos;re using the demo account: no Amazon seller account is
          connected, and its data comes from a mock seller API.
        </p>
      ) : workspaceSellers === 0 ? (
        <p>
          <span className="badge badge--mock">Not connected</span> No Amazon seller account is connected.
        </p>
      ) : (
        // A member of a workspace whose seller accounts someone else connected: only their own sign-in has none.
        <p>
          Your own sign-in has no Amazon connection{workspaceSellers === null ? "." : "; this workspace's seller accounts are listed below."}
        </p>
      )}
      {canConnect && (
        <Link to="/connect" className="button button--primary">
          Connect Seller Central
        </Link>
      )}
    </>
  );
}
