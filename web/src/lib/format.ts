import type { Price } from "@contract/product";
import { groupDigits } from "./group-digits";

// The interface is English; numbers use the matching grouping ("12,345"). Intl only where
// groupDigits cannot stand in (other currencies): its first use costs a long task.
const LOCALE = "en-US";

/** Shown for a value the source did not provide. */
const MISSING = "—";

/** "#12,345", or "No rank available". */
export function formatRank(rank: number | null): string {
  return rank === null ? "No rank available" : `#${groupDigits(rank)}`;
}

/** "$19.99" for USD; the currency's own symbol or code and decimals otherwise ("€19.99", "CA$5.00", "¥1,500"). */
export function formatPrice(price: Price | null): string {
  if (price === null) return MISSING;
  // What Intl writes for USD, without it.
  if (price.currency === "USD" && price.amount >= 0) return `$${groupDigits(price.amount, 2)}`;
  try {
    return new Intl.NumberFormat(LOCALE, { style: "currency", currency: price.currency }).format(price.amount);
  } catch {
    // Not an ISO 4217 code: still show the amount and what the source called the currency.
    return `${price.amount.toFixed(2)} ${price.currency}`;
  }
}

export function formatCount(count: number | null): string {
  return count === null ? MISSING : groupDigits(count);
}

export function formatRating(rating: number | null): string {
  return rating === null ? MISSING : `${groupDigits(rating, 1)} / 5`;
}

/** "2026-11-22 04:05 UTC" from an ISO timestamp. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
