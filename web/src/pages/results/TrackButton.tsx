import { useState } from "react";
import type { Marketplace } from "@contract/marketplaces";
import { errorMessage } from "../../api/api-error";
import { useResource } from "../../api/use-resource";
import { addToWatchlist, fetchWatchlist } from "../../api/watchlist";
import { useWorkspaces } from "../../state/workspaces";

const TRACK_FAILED = "Failed to track this ASIN. Please try again.";

type TrackState = { status: "idle" } | { status: "saving" } | { status: "tracking" } | { status: "error"; message: string };

/** Adds the ASIN to the signed-in user's watchlist (POST /api/watchlist); says "Tracking" once it is there. */
export function TrackButton({ asin, marketplace }: { asin: string; marketplace: Marketplace }) {
  const [state, setState] = useState<TrackState>({ status: "idle" });
  // Already on the watchlist (from another visit): it says so from the start.
  const [watchlist] = useResource(fetchWatchlist);
  const alreadyTracked =
    watchlist.status === "success" && watchlist.data.items.some((item) => item.asin === asin && item.marketplace === marketplace);

  async function track() {
    setState({ status: "saving" });
    try {
      await addToWatchlist({ asin, marketplace });
      setState({ status: "tracking" });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error, TRACK_FAILED) });
    }
  }

  const tracking = alreadyTracked || state.status === "tracking";
  // Changing the watchlist needs the `track` permission: a viewer only sees whether it is tracked.
  const readOnly = useWorkspaces().lacks("track");
  if (readOnly && !tracking) return null;
  return (
    <div className="track">
      <button
        type="button"
        className={tracking ? "button button--secondary track__done" : "button button--primary"}
        // Kept focusable (not disabled) so focus stays on it when it turns into "Tracking".
        aria-disabled={tracking || state.status === "saving"}
        onClick={() => {
          if (!tracking && state.status !== "saving") void track();
        }}
      >
        {tracking ? (
          <>
            <span aria-hidden="true">✓ </span>Tracking
          </>
        ) : state.status === "saving" ? (
          "Adding..."
        ) : (
          "Track this ASIN"
        )}
      </button>
      {state.status === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
