import { Link } from "../../components/Link";
import { SourceBadge } from "../../components/SourceBadge";
import type { LookupResult } from "@contract/product";
import { formatCount, formatPrice, formatRank, formatRating, formatUtc } from "../../lib/format";

/** Only web links become "View on Amazon"; anything else (javascript:, data:) is dropped. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function ProductDetails({ result }: { result: LookupResult }) {
  const title = result.title ?? `Product ${result.asin}`;
  const tiles = [
    // No Buy Box winner: the lowest offer's price, said to be that (never the price shoppers see).
    { label: result.priceSource === "lowest_offer" ? "Lowest offer (no Buy Box winner)" : "Price", value: formatPrice(result.price) },
    { label: "Offers", value: formatCount(result.offers) },
    { label: "Rating", value: formatRating(result.rating) },
    { label: "Reviews", value: formatCount(result.reviewCount) },
  ];

  return (
    <article className="card product" aria-labelledby="product-title">
      <div className="product__head">
        <h1 className="product__heading">Product Details</h1>
        <SourceBadge source={result.source} />
      </div>

      <div className="product__body">
        {result.image ? (
          // The page's largest paint: fetched first, never lazily.
          <img className="product__image" src={result.image} alt={title} width="240" height="240" fetchPriority="high" loading="eager" />
        ) : (
          <div className="product__image product__image--missing">No image available</div>
        )}

        <div className="product__info">
          <h2 id="product-title" className="product__title">
            {title}
          </h2>
          <p className="product__meta">
            ASIN {result.asin} · {result.marketplace}
          </p>
          {result.categoryPath.length > 0 && (
            <p className="product__category">{result.categoryPath.join(" › ")}</p>
          )}

          <div className="product__rank">
            <span className="product__rank-label">Best Sellers Rank</span>
            <span className="product__rank-value">{formatRank(result.rank)}</span>
          </div>

          <dl className="tiles">
            {tiles.map(({ label, value }) => (
              <div key={label} className="tile">
                <dt className="tile__label">{label}</dt>
                <dd className="tile__value">{value}</dd>
              </div>
            ))}
          </dl>

          <p className="product__refreshed">
            Last refreshed:{" "}
            <time dateTime={result.refreshedAt}>{formatUtc(result.refreshedAt)}</time>
          </p>

          <div className="product__actions">
            {result.detailPageUrl && isWebUrl(result.detailPageUrl) && (
              <a className="button button--primary" href={result.detailPageUrl} target="_blank" rel="noopener noreferrer">
                View on Amazon
                <span aria-hidden="true"> ↗</span>
              </a>
            )}
            <Link to="/" className="button button--secondary">
              New Search
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
