import { lazy, Suspense } from "react";
import { RequireSignIn } from "../../components/RequireSignIn";

// The signed-in view is its own chunk: a signed-out visitor's prompt paints without waiting
// for the portfolio's tables, export buttons and their styles.
const Portfolio = lazy(async () => ({ default: (await import("./Portfolio")).Portfolio }));

/** /portfolio: the signed-in user's brands, categories and revenue, from stored snapshots only. */
export function PortfolioPage() {
  return (
    <RequireSignIn title="Portfolio" reason="Connect your Amazon seller account (or try the demo) to see your portfolio by brand and category.">
      {() => (
        <Suspense fallback={<PortfolioLoading />}>
          <Portfolio />
        </Suspense>
      )}
    </RequireSignIn>
  );
}

function PortfolioLoading() {
  return (
    <div className="container seller-page portfolio">
      <h1>Portfolio</h1>
      <p className="seller-muted" role="status">
        Loading your portfolio...
      </p>
    </div>
  );
}
