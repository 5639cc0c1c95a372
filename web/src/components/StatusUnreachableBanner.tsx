import { useState } from "react";
import { useSession } from "../state/session";

/**
 * Shown (AppLayout) while the session's status request fails: whether the visitor is signed in is
 * unknown, so the header shows no sign-in link and signed-in pages say "Checking your account…"
 * rather than a sign-in prompt. The session asks again on its own (STATUS_RETRY_MS); Try again asks now.
 */
export function StatusUnreachableBanner() {
  const { unreachable, refresh } = useSession();
  const [asking, setAsking] = useState(false);
  async function tryAgain() {
    setAsking(true);
    await refresh();
    setAsking(false);
  }
  return (
    <div className="container">
      <div className="card status-unreachable" role="status">
        <p>
          Can't reach RankLayer to check your sign-in.{" "}
          {unreachable?.retrying ? "Retrying…" : "Check your connection and try again."}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void tryAgain()} disabled={asking}>
          {asking ? "Checking…" : "Try again"}
        </button>
      </div>
    </div>
  );
}
