import { useCallback } from "react";
import type { BuyBoxHolder, BuyBoxShareItem } from "@contract/dashboard";
import type { HistoryRange } from "@contract/history";
import type { Marketplace } from "@contract/marketplaces";
import { fetchBuyBoxShare } from "../../api/dashboard";
import { useResource } from "../../api/use-resource";
import { LoadFailed } from "../../components/LoadFailed";

const HOLDER_TEXT: Record<BuyBoxHolder, string> = { you: "you held it", other: "another seller", none: "no offer", suppressed: "suppressed", unknown: "unknown" };

/** "67% (2 of 3 days)", or why there is no figure. */
function shareText(item: BuyBoxShareItem): string {
  if (item.share === null) return item.days.length ? "Unknown: Amazon did not say who held it" : "No data from your seller account";
  return `${Math.round(item.share * 100)}% (${item.heldDays} of ${item.knownDays} ${item.knownDays === 1 ? "day" : "days"})`;
}

/**
 * The compared products' Buy Box share over the chart's range (Compare Plus): the share of days
 * the workspace's own seller held the Buy Box most shoppers see, and each day's holder. It comes
 * from the nightly run's reads of the connected seller accounts, so only their tracked ASINs have any.
 */
export function BuyBoxShare({ asins, marketplace, range }: { asins: readonly string[]; marketplace: Marketplace; range: HistoryRange }) {
  const key = asins.join(",");
  const fetcher = useCallback((signal: AbortSignal) => fetchBuyBoxShare(marketplace, key.split(","), range, signal), [key, marketplace, range]);
  const [share, reload] = useResource(fetcher);
  if (share.status === "loading") return <p role="status">Loading Buy Box share…</p>;
  if (share.status === "error") return <LoadFailed message={share.message ?? "Buy Box share is not available right now."} onRetry={reload} />;
  const items = share.data.items;
  return (
    <div className="buy-box-share">
      <h3>Your Buy Box share</h3>
      {items.every((item) => item.days.length === 0) ? (
        <p className="compare-history__note">
          None of these products has Buy Box data from your seller account in this range: RankLayer reads it every night for the tracked ASINs of your connected seller accounts.
        </p>
      ) : (
        <>
          <ul className="buy-box-share__list">
            {items.map((item) => (
              <li key={item.asin} className="buy-box-share__item">
                <span className="buy-box-share__asin">{item.asin}</span>
                <span>{shareText(item)}</span>
                {item.mock && <span className="badge badge--mock">Mock Data</span>}
                {item.days.length > 0 && (
                  <span className="buy-box-share__days" role="img" aria-label={`Each day, oldest first: ${item.days.map((d) => `${d.day} ${HOLDER_TEXT[d.holder]}`).join("; ")}`}>
                    {item.days.map((d) => (
                      <span key={d.day} className={`buy-box-share__day buy-box-share__day--${d.holder}`} title={`${d.day}: ${HOLDER_TEXT[d.holder]}`} />
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p className="buy-box-share__legend" aria-hidden="true">
            {(["you", "other", "none", "unknown"] as const).map((holder) => (
              <span key={holder}>
                <span className={`buy-box-share__day buy-box-share__day--${holder}`} /> {holder === "none" ? "nobody (no offer, or suppressed)" : HOLDER_TEXT[holder]}
              </span>
            ))}
          </p>
        </>
      )}
    </div>
  );
}
