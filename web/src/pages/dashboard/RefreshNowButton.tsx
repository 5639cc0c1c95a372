import { useState } from "react";
import { refreshNow } from "../../api/dashboard";
import { errorMessage } from "../../api/api-error";
import { useWorkspaces } from "../../state/workspaces";

/** "Refresh now": takes a snapshot of every tracked ASIN at once, at most once per 10 minutes. */
export function RefreshNowButton({ onRefreshed }: { onRefreshed: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  // A viewer reads the workspace's data only (the server refuses the refresh too).
  const { lacks } = useWorkspaces();
  if (lacks("track")) return null;

  async function refresh() {
    setBusy(true);
    try {
      const result = await refreshNow();
      setMessage(`Refreshed ${result.refreshed} ASINs. Next refresh from ${result.nextAllowedAt.slice(11, 16)} UTC.`);
      onRefreshed();
    } catch (error) {
      setMessage(errorMessage(error, "The refresh did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="refresh-now">
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void refresh()}>
        {busy ? "Refreshing..." : "Refresh now"}
      </button>
      <p className="seller-muted" role="status">
        {message}
      </p>
    </div>
  );
}
