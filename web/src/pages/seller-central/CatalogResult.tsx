import type { CatalogItemResult } from "@contract/account";
import { formatRank, formatUtc } from "../../lib/format";

/** Badge text and style per source. Only an answer straight from SP-API is called live. */
const SOURCE_BADGES: Record<CatalogItemResult["source"], { label: string; className: string }> = {
  spapi: { label: "Live SP-API", className: "badge badge--live" },
  mock: { label: "Mock Data", className: "badge badge--mock" },
  cache: { label: "Cache", className: "badge badge--cache" },
};

export function CatalogResult({ item }: { item: CatalogItemResult }) {
  // Anything else (a source added later) reads as Cache: only a known live answer may be called live.
  const badge = SOURCE_BADGES[item.source] ?? SOURCE_BADGES.cache;

  return (
    <article className="catalog-result" aria-labelledby="catalog-result-title">
      <div className="catalog-result__head">
        <h3 id="catalog-result-title" className="catalog-result__title">
          {item.title}
        </h3>
        <span className={badge.className}>{badge.label}</span>
      </div>
      <p className="seller-muted">ASIN {item.asin}</p>

      <h4 className="catalog-result__subheading">Sales ranks</h4>
      {item.salesRanks.length > 0 ? (
        <ul className="catalog-result__ranks">
          {item.salesRanks.map(({ categoryTitle, rank }) => (
            <li key={`${categoryTitle}-${rank}`}>
              <span>{categoryTitle}</span>
              <strong>{formatRank(rank)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p>No sales rank data available for this ASIN.</p>
      )}

      <p className="seller-muted">
        Fetched at <time dateTime={item.fetchedAt}>{formatUtc(item.fetchedAt)}</time>
      </p>
    </article>
  );
}
