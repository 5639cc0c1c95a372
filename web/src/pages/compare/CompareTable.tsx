import type { CompareItem } from "@contract/compare";
import { SourceBadge } from "../../components/SourceBadge";
import { formatCount, formatPrice, formatRank, formatRating, formatUtc } from "../../lib/format";
import { bestRanked, rankCategories } from "./compare-view";

const ERROR_LABEL = { not_found: "Not found", not_accessible: "Not available here", unavailable: "Unavailable" } as const;

type Row = { label: string; cell: (item: Extract<CompareItem, { ok: true }>, best: boolean) => React.ReactNode };

const ROWS: Row[] = [
  {
    label: "Image",
    cell: ({ product }) =>
      product.image ? (
        <img className="compare-table__image" src={product.image} alt={product.title ?? product.asin} width="96" height="96" loading="lazy" />
      ) : (
        <span className="compare-table__missing">No image</span>
      ),
  },
  { label: "Title", cell: ({ product }) => <span className="compare-table__title">{product.title ?? `Product ${product.asin}`}</span> },
  { label: "Category", cell: ({ product }) => (product.categoryPath.length > 0 ? product.categoryPath.join(" › ") : "—") },
  {
    label: "Rank",
    cell: ({ product }, best) => (
      <span className={best ? "compare-table__best" : undefined}>
        {formatRank(product.rank)}
        {best && <span className="badge badge--live compare-table__best-badge">Best rank</span>}
      </span>
    ),
  },
  {
    label: "Price",
    // With no Buy Box winner the price is the lowest offer's, and says so: never passed off as the Buy Box price.
    cell: ({ product }) =>
      product.price && product.priceSource === "lowest_offer" ? (
        <span>
          {formatPrice(product.price)} <span className="compare-table__note">Lowest offer (no Buy Box winner)</span>
        </span>
      ) : (
        formatPrice(product.price)
      ),
  },
  { label: "Offers", cell: ({ product }) => formatCount(product.offers) },
  { label: "Rating", cell: ({ product }) => formatRating(product.rating) },
  { label: "Reviews", cell: ({ product }) => formatCount(product.reviewCount) },
  {
    label: "Source",
    cell: ({ product }) => <SourceBadge source={product.source} />,
  },
  { label: "Refreshed", cell: ({ product }) => formatUtc(product.refreshedAt) },
];

/**
 * Products side by side: one column per product, one row per figure, the row names pinned
 * on the left so a phone can scroll the products sideways under them.
 */
export function CompareTable({ items, onRemove }: { items: readonly CompareItem[]; onRemove: (asin: string) => void }) {
  const best = bestRanked(items);
  const categories = rankCategories(items);
  return (
    <>
      <div className="compare-table__scroll" role="region" aria-labelledby="compare-table-caption" tabIndex={0}>
        <table className="compare-table">
          <caption id="compare-table-caption" className="visually-hidden">
            {items.length} products side by side
          </caption>
          <thead>
            <tr>
              <th scope="col" className="compare-table__corner">
                ASIN
              </th>
              {items.map((item) => (
                <th key={item.asin} scope="col" data-asin={item.asin}>
                  {item.asin}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {items.map((item) =>
                  item.ok ? (
                    <td key={item.asin}>{row.cell(item, item.asin === best)}</td>
                  ) : row.label === "Title" ? (
                    <td key={item.asin} className="compare-table__error">
                      <strong>{ERROR_LABEL[item.error]}</strong>: {item.detail}
                    </td>
                  ) : (
                    <td key={item.asin} className="compare-table__missing">
                      —
                    </td>
                  ),
                )}
              </tr>
            ))}
            <tr>
              <th scope="row">
                <span className="visually-hidden">Remove</span>
              </th>
              {items.map((item) => (
                <td key={item.asin}>
                  <button type="button" className="button button--secondary button--small" onClick={() => onRemove(item.asin)}>
                    Remove <span className="visually-hidden">{item.asin}</span>
                  </button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {categories.length > 1 && (
        <p className="compare-table__note">
          These ranks are in different categories{categories.includes("") ? "" : ` (${categories.join(", ")})`}: each is a rank within its own, so no product is marked best.
        </p>
      )}
    </>
  );
}
