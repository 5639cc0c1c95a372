import { Link } from "../components/Link";
import "../styles/status-page.css";

export function NotFoundPage() {
  return (
    <section className="container status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you were looking for doesn't exist or has moved.</p>
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}
