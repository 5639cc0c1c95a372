import { Navigate, useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { readPastedAsin } from "@contract/asin-input";
import { DEFAULT_MARKETPLACE } from "@contract/marketplaces";
import { usePageMeta } from "../../app/use-page-meta";
import { ErrorCard, LoadingSkeleton } from "./LookupStatus";
import { ProductDetails } from "./ProductDetails";
import { RankHistory } from "./RankHistory";
import { useLookup } from "./use-lookup";
import "../../styles/results.css";

/**
 * /results?asin=&marketplace= — without an asin there is nothing to show, so back to the form.
 * Without a marketplace, an Amazon product URL as the asin names it (as the API would), else US.
 */
export function ResultsPage() {
  const [params] = useSearchParams();
  const asin = params.get("asin")?.trim();
  if (!asin) return <Navigate to="/" replace />;
  return <LookupResults asin={asin} marketplace={params.get("marketplace") || readPastedAsin(asin).marketplace || DEFAULT_MARKETPLACE} />;
}

function LookupResults({ asin, marketplace }: { asin: string; marketplace: string }) {
  const [lookup, retry] = useLookup(asin, marketplace);
  usePageMeta({
    title: `${asin} – Product Details`,
    description: `Best Sellers Rank, price, offers, rating and reviews for Amazon ASIN ${asin} (${marketplace}).`,
  });

  return (
    <div className="container results">
      <Link to="/" className="back-link">
        ← Back to search
      </Link>
      {lookup.status === "loading" && <LoadingSkeleton />}
      {lookup.status === "error" && <ErrorCard message={lookup.message} limited={lookup.limited} retryable={lookup.retryable} onRetry={retry} />}
      {lookup.status === "success" && (
        <>
          <ProductDetails result={lookup.result} />
          {/* Keyed: another product starts from a fresh trend and Track button. */}
          <RankHistory
            key={`${lookup.result.marketplace}-${lookup.result.asin}`}
            asin={lookup.result.asin}
            marketplace={lookup.result.marketplace}
          />
        </>
      )}
    </div>
  );
}
