/** The panel's words and numbers. Pure, so tests read them directly. */
import type { DataSource } from "../../../worker/contract/product";
import type { PanelAlertCondition } from "../messages";

export const NOT_AVAILABLE = "not available";

export function groupDigits(value: number): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function formatRank(rank: number | null): string {
  return rank === null ? "—" : `#${groupDigits(rank)}`;
}

/** "4.5 of 5 (1,234 reviews)", or "not available" when Amazon has neither (customerReviews absent). */
export function formatRating(rating: number | null, reviewCount: number | null): string {
  if (rating === null && reviewCount === null) return NOT_AVAILABLE;
  const stars = rating === null ? "—" : `${rating.toFixed(1)} of 5`;
  const reviews = reviewCount === null ? "reviews not available" : `${groupDigits(reviewCount)} ${reviewCount === 1 ? "review" : "reviews"}`;
  return `${stars} (${reviews})`;
}

export const SOURCE_LABEL: Record<DataSource, string> = { live: "Live", cache: "Cached", mock: "Mock" };

/** "25 Nov 2026, 14:03 UTC": the as-of time, in UTC so it reads the same for everyone. */
export function formatAsOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "45 seconds", "12 minutes", "3 hours 20 minutes", "2 days 4 hours". */
export function formatWait(seconds: number): string {
  const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(minutes % 60, "minute")}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? plural(days, "day") : `${plural(days, "day")} ${plural(hours % 24, "hour")}`;
}

/** A failed answer in words: 429 and 503 say what happened and when to try again. */
export function errorSentence(status: number, detail: string, retryAfterSeconds: number | null): string {
  const retry = retryAfterSeconds === null ? "" : ` Try again in ${formatWait(retryAfterSeconds)}.`;
  if (status === 429) return `Limit reached: ${detail}${retry}`;
  if (status === 503) return `Amazon data is unavailable right now: ${detail}${retry}`;
  return `${detail}${retry}`;
}

const REPLACE_KEY_SENTENCE = "Replace the key in the extension's options.";

/**
 * A saved key the API no longer accepts (401: revoked, unknown, its maker left the workspace): the
 * fix is a new key. A 403 is not: the server's detail says what to do (upgrade, a plan limit).
 */
export function keyRefused(status: number, signedIn: boolean): boolean {
  return signedIn && status === 401;
}

/** A failed keyed answer in words, pointing to the options page when the key itself is the problem. */
export function keyedErrorSentence(status: number, detail: string, retryAfterSeconds: number | null): string {
  const sentence = errorSentence(status, detail, retryAfterSeconds);
  return keyRefused(status, true) ? `${sentence} ${REPLACE_KEY_SENTENCE}` : sentence;
}

/**
 * The anonymous allowance, from the lookup's RateLimit-* headers: they report whichever limit
 * (per minute or per month) is closer to running out, so the sentence names when it resets.
 */
export function remainingSentence(remaining: number | null, limit: number | null, resetSeconds: number | null): string | null {
  if (remaining === null) return null;
  const of = limit === null ? "" : ` of ${groupDigits(limit)}`;
  const reset = resetSeconds === null ? "" : ` (resets in ${formatWait(resetSeconds)})`;
  return `${groupDigits(remaining)}${of} free lookups left${reset}.`;
}

/** The rule as the server checks it: a move exactly at the threshold does not fire (worker/alerts/rules.ts). */
export function alertSummary(condition: PanelAlertCondition, threshold: number): string {
  return condition === "rank_above" ? `rank worse than ${formatRank(threshold)}` : `price moves more than ±${groupDigits(threshold)}% within 7 days`;
}

/**
 * The background did not answer at all: after the extension is updated, reloaded or turned off,
 * an Amazon tab opened before keeps a content script whose messages fail ("Extension context
 * invalidated"); reloading the page runs the new one.
 */
export function unansweredSentence(error: unknown): string {
  return /context invalidated/i.test(String(error))
    ? "The RankLayer extension was updated or turned off: reload this page to use it."
    : "The RankLayer extension did not answer: reload this page to try again.";
}
