import { buyBoxHolders, type BuyBoxDayRow } from "../contract/buy-box-holders";
import type { BuyBoxHolder, BuyBoxShareItem } from "../contract/dashboard";

/** When two connections of a workspace read one ASIN on one day, the workspace holds it if either does. */
const PRECEDENCE: readonly BuyBoxHolder[] = ["you", "other", "suppressed", "none", "unknown"];

/**
 * The Buy Box share over time of each ASIN asked for, in the order asked: the shown Buy Box's
 * holder on each day with a snapshot, and the share of the known days this workspace held it. A
 * day nobody held it (no offer, or suppressed) is a day not held; an unknown day does not count.
 */
export function buyBoxShare(asins: readonly string[], rows: readonly BuyBoxDayRow[]): BuyBoxShareItem[] {
  const byAsin = new Map<string, Map<string, BuyBoxHolder>>();
  const mock = new Set(rows.filter((row) => row.source === "mock").map((row) => row.asin));
  for (const row of rows) {
    const days = byAsin.get(row.asin) ?? new Map<string, BuyBoxHolder>();
    byAsin.set(row.asin, days);
    const holder = buyBoxHolders(row).shown;
    const held = days.get(row.day);
    if (held === undefined || PRECEDENCE.indexOf(holder) < PRECEDENCE.indexOf(held)) days.set(row.day, holder);
  }
  return asins.map((asin) => {
    const days = [...(byAsin.get(asin) ?? new Map<string, BuyBoxHolder>())].sort(([a], [b]) => a.localeCompare(b)).map(([day, holder]) => ({ day, holder }));
    const knownDays = days.filter((day) => day.holder !== "unknown").length;
    const heldDays = days.filter((day) => day.holder === "you").length;
    return { asin, heldDays, knownDays, share: knownDays ? heldDays / knownDays : null, days, mock: mock.has(asin) };
  });
}
