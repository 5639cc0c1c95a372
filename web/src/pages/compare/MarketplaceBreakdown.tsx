import { useEffect, useRef, useState } from "react";
import type { BreakdownItem, MarketplaceBreakdown as Breakdown } from "@contract/compare";
import { MARKETPLACE_NAMES, type Marketplace } from "@contract/marketplaces";
import { errorMessage } from "../../api/api-error";
import { fetchMarketplaceBreakdown } from "../../api/compare";
import { startRequest } from "../../api/start-request";
import { SourceBadge } from "../../components/SourceBadge";
import { formatCount, formatPrice, formatRank, formatRating } from "../../lib/format";

const ERROR_LABEL = { not_found: "Not found there", not_accessible: "Not available there", unavailable: "Unavailable" } as const;

type State = { status: "idle" } | { status: "loading" } | { status: "error"; message: string } | { status: "success"; data: Breakdown };

/**
 * Compare Plus's marketplace breakdown: one of the compared products in every marketplace of the
 * plan, side by side. Each marketplace is a lookup, so it runs when asked, never on every compare.
 */
export function MarketplaceBreakdown({ asins, marketplaces }: { asins: readonly string[]; marketplaces: readonly Marketplace[] }) {
  const [asin, setAsin] = useState(asins[0] ?? "");
  const [state, setState] = useState<State>({ status: "idle" });
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);
  // A product removed from the compare is no longer offered.
  const chosen = asins.includes(asin) ? asin : (asins[0] ?? "");

  function show(event: React.FormEvent) {
    event.preventDefault();
    cancel.current();
    setState({ status: "loading" });
    cancel.current = startRequest(
      (signal) => fetchMarketplaceBreakdown(chosen, signal),
      (data) => setState({ status: "success", data }),
      (error) => setState({ status: "error", message: errorMessage(error, "The breakdown failed. Please try again.") }),
    );
  }

  return (
    <section className="card compare-breakdown" aria-labelledby="compare-breakdown-heading">
      <h2 id="compare-breakdown-heading">By marketplace</h2>
      <form className="compare-breakdown__form" onSubmit={show}>
        <div className="field">
          <label htmlFor="compare-breakdown-asin">Product to show by marketplace</label>
          <select id="compare-breakdown-asin" value={chosen} onChange={(event) => setAsin(event.target.value)}>
            {asins.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary" disabled={state.status === "loading"}>
          Show in {marketplaces.length} marketplaces
        </button>
      </form>
      <p className="compare-history__note">Each marketplace is one lookup of your allowance.</p>
      {state.status === "loading" && <p role="status">Looking it up in {marketplaces.length} marketplaces…</p>}
      {state.status === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === "success" && <BreakdownTable breakdown={state.data} />}
    </section>
  );
}

function BreakdownTable({ breakdown }: { breakdown: Breakdown }) {
  return (
    <div className="compare-table__scroll">
      <table className="compare-breakdown__table">
        <caption>{breakdown.asin} in each marketplace</caption>
        <thead>
          <tr>
            {["Marketplace", "Rank", "Price", "Offers", "Rating", "Reviews", "Source"].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{breakdown.items.map((item) => <BreakdownRow key={item.marketplace} item={item} />)}</tbody>
      </table>
    </div>
  );
}

function BreakdownRow({ item }: { item: BreakdownItem }) {
  const name = (
    <th scope="row">
      {MARKETPLACE_NAMES[item.marketplace]} ({item.marketplace})
    </th>
  );
  if (!item.ok) {
    return (
      <tr>
        {name}
        <td colSpan={6} className="compare-table__missing" title={item.detail}>
          {ERROR_LABEL[item.error]}
        </td>
      </tr>
    );
  }
  const { product } = item;
  return (
    <tr>
      {name}
      <td>{formatRank(product.rank)}</td>
      <td>{formatPrice(product.price)}</td>
      <td>{formatCount(product.offers)}</td>
      <td>{formatRating(product.rating)}</td>
      <td>{formatCount(product.reviewCount)}</td>
      <td>
        <SourceBadge source={product.source} />
      </td>
    </tr>
  );
}
