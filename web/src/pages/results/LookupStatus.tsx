import { Link } from "react-router-dom";

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

export function ErrorCard({ message }: { message: string }) {
  return (
    <div className="card error-card" role="alert">
      <h1 className="error-card__title">We couldn&apos;t look up this product</h1>
      <p className="error-card__message">{message}</p>
      <Link to="/" className="button button--primary">
        Search another ASIN
      </Link>
    </div>
  );
}
