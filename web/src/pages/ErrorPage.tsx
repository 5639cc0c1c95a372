import { Link } from "react-router-dom";
import { usePageMeta } from "../app/use-page-meta";
import "../styles/status-page.css";

/** The error screen ErrorBoundary shows: whatever a page, or the shell, threw while rendering. */
export function ErrorPage({ error }: { error: unknown }) {
  usePageMeta({ title: "Error", description: "Something went wrong while showing this page.", noindex: true });

  return (
    <section className="container status-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <pre className="status-page__error">{errorText(error)}</pre>
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
