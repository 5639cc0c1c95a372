import { useState } from "react";
import { fetchUnreadCount } from "../../api/unread-count";
import { addDemoSamples } from "../../api/watchlist";
import { useUnreadNotifications } from "../../state/unread-notifications";
import { errorMessage } from "../../api/api-error";
import { useWorkspaces } from "../../state/workspaces";

/**
 * The demo's way to a full dashboard at once: sample products with months of mock history and
 * two alerts checked on it, instead of adding ASINs and waiting for nightly runs.
 */
export function SampleProductsOffer({ onAdded }: { onAdded: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  // A viewer reads the workspace's data only (the server refuses the addition too).
  const { lacks } = useWorkspaces();
  const { setUnread } = useUnreadNotifications();
  if (lacks("track")) return null;

  async function add() {
    setBusy(true);
    setMessage("");
    try {
      await addDemoSamples();
      onAdded();
      // The sample alerts may have fired: the header's badge says so now, not at the next navigation.
      fetchUnreadCount().then(setUnread, (error: unknown) => console.warn("Could not load the unread notification count", error));
    } catch (error) {
      setMessage(errorMessage(error, "The sample products could not be added. Please try again."));
      setBusy(false);
    }
  }

  return (
    <div className="sample-offer">
      <p>
        <strong>Try it with sample products.</strong> Eight sample ASINs with 90 days of mock rank, price, Buy Box, stock and
        sales history, and two alerts checked on it, all labelled "Mock", so every chart, table and notification has
        something to show.
      </p>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void add()}>
        {busy ? "Adding..." : "Add sample products"}
      </button>
      <p className="field-error" role="alert">
        {message}
      </p>
    </div>
  );
}
