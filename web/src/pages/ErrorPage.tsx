import { Link } from "../components/Link";
import { usePageMeta } from "../app/use-page-meta";
import "../styles/status-page.css";

/** The error screen ErrorBoundary shows: whatever a page, or the shell, threw while rendering. */
export function ErrorPage({ error }: { error: unknown }) {
  usePageMeta({ title: "Error", description: "Something went wrong while showing this page.", noindex: true });
  const notLoaded = isChunkLoadError(error);
  const offline = notLoaded && !navigator.onLine;

  return (
    <section className="container status-page" role="alert">
      <h1>{offline ? "You're offline" : notLoaded ? "This page could not load" : "Unexpected Application Error!"}</h1>
      {notLoaded ? (
        <p>{offline ? "This page needs a connection to load. Reconnect, then try again." : "Check your connection, then try again."}</p>
      ) : (
        <pre className="status-page__error">{errorText(error)}</pre>
      )}
      {/* A failed page import stays failed in this tab: loading the address again fetches it afresh. */}
      {notLoaded && (
        <button type="button" className="button button--primary" onClick={() => location.reload()}>
          Try again
        </button>
      )}{" "}
      <Link to="/" className={`button button--${notLoaded ? "secondary" : "primary"}`}>
        Back to Home
      </Link>
    </section>
  );
}

/** A page's chunk (or its CSS) that did not arrive: Chromium's, Firefox's, Safari's and Vite's wording. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
