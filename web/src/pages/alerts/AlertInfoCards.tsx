import { DEFAULT_THRESHOLDS, type AlertCondition } from "@contract/alerts";
import { formatRank } from "../../lib/format";
import { CONDITION_COPY } from "./alert-copy";

/** What each condition checks, one card per condition, with the thresholds a new alert starts from. */
const CARDS: readonly { condition: AlertCondition; text: string }[] = [
  {
    condition: "rank_above",
    text: `Best Sellers Rank worse (a higher number) than your threshold. New alerts start at ${formatRank(DEFAULT_THRESHOLDS.rank_above)}.`,
  },
  { condition: "rank_drop", text: `Rank drop of more than ${DEFAULT_THRESHOLDS.rank_drop}% in 7 days.` },
  { condition: "price_change", text: `Price volatility beyond ±${DEFAULT_THRESHOLDS.price_change}% in a week.` },
  {
    condition: "low_stock",
    text: "Low stock below a defined threshold of fulfillable FBA units. Needs a connected seller account.",
  },
  { condition: "buybox_lost", text: "You held the Buy Box and no longer do. Needs a connected seller account." },
];

export function AlertInfoCards() {
  return (
    <section aria-labelledby="alert-kinds-heading">
      <h2 id="alert-kinds-heading" className="visually-hidden">
        What an alert can watch
      </h2>
      <ul className="alert-cards">
        {CARDS.map(({ condition, text }) => (
          <li key={condition} className="card alert-cards__card">
            <h3>{CONDITION_COPY[condition].label}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
      <p className="seller-muted">
        Alert rank snapshots run daily at 02:00 UTC and alert checks at 02:30 UTC. Missing data never fires an alert: the
        list shows it as “No data”.
      </p>
    </section>
  );
}
