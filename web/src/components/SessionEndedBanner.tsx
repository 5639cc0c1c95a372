import { useLocation } from "react-router-dom";
import { NEXT_PARAM } from "../lib/next-path";
import { useSession } from "../state/session";

/**
 * Shown (AppLayout) when a call answered 401 while signed in. The page is left as it is, so nothing typed is
 * lost: signing in again happens in a new tab, and "Continue" asks for the status again (signed in
 * again: the banner goes; still signed out: the signed-out view).
 */
export function SessionEndedBanner() {
  const { refresh } = useSession();
  const { pathname, search } = useLocation();
  const signIn = `/connect?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`;
  // In a container, as pages are: its inline padding keeps the card off the screen's edges at 390 px.
  return (
    <div className="container">
      <div className="card session-ended" role="alert">
        <p>
          Your session has ended, so nothing more can be loaded or saved.{" "}
          <a href={signIn} target="_blank" rel="noopener">
            Sign in again in a new tab
          </a>
          ; what you typed here stays.
        </p>
        <button type="button" className="button button--secondary" onClick={() => void refresh()}>
          Continue
        </button>
      </div>
    </div>
  );
}
