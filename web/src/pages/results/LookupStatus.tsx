import { useLocation } from "react-router-dom";
import { Link } from "../../components/Link";
import { NEXT_PARAM } from "../../lib/next-path";
import { useSession } from "../../state/session";

export function LoadingSkeleton() {
  return (
    <div className="card result-skeleton" role="status">
      <p className="result-skeleton__text">Loading product data...</p>
      <div className="result-skeleton__body" aria-hidden="true">
        <div className="skeleton skeleton--image" />
        <div className="result-skeleton__lines">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--tiles" />
        </div>
      </div>
    </div>
  );
}

/**
 * A failed lookup: why, and the way on. `limited`: a limit refused it, so another ASIN would fail
 * the same way. Otherwise Try again asks for the same ASIN once more (a network failure, Amazon
 * not answering, the per-minute limit), which Search another ASIN would make the user type again.
 */
export function ErrorCard({ message, limited, retryable, onRetry }: { message: string; limited: boolean; retryable: boolean; onRetry: () => void }) {
  return (
    <div className="card error-card" role="alert">
      <h1 className="error-card__title">We couldn&apos;t look up this product</h1>
      <p className="error-card__message">{message}</p>
      {limited ? (
        <LimitWaysOut />
      ) : (
        <div className="error-card__actions">
          {retryable && (
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try again
            </button>
          )}
          <Link to="/" className={retryable ? "button button--secondary" : "button button--primary"}>
            Search another ASIN
          </Link>
        </div>
      )}
    </div>
  );
}

/** As the compare page offers: Pro's pricing, and for a visitor, signing in (an account's lookups are counted apart from its address's). */
function LimitWaysOut() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  return (
    <div className="error-card__actions">
      <Link to="/pricing" className="button button--primary">
        See Pro pricing
      </Link>
      {user !== null && !user.authenticated && (
        <Link to={`/signin?${new URLSearchParams({ [NEXT_PARAM]: `${pathname}${search}` })}`} className="button button--secondary">
          Sign in
        </Link>
      )}
    </div>
  );
}
