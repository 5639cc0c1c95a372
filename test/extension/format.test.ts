import { describe, expect, it } from "vitest";
import { alertSummary, errorSentence, formatAsOf, formatRank, formatRating, formatWait, remainingSentence } from "../../extension/src/panel/format";

describe("the panel's words", () => {
  it("writes ranks with digit groups, and a dash when there is none", () => {
    expect(formatRank(1234567)).toBe("#1,234,567");
    expect(formatRank(7)).toBe("#7");
    expect(formatRank(null)).toBe("—");
  });

  it("says 'not available' when the API has no rating or review count (Amazon gave none)", () => {
    expect(formatRating(null, null)).toBe("not available");
    expect(formatRating(4.46, 1234)).toBe("4.5 of 5 (1,234 reviews)");
    expect(formatRating(5, 1)).toBe("5.0 of 5 (1 review)");
    expect(formatRating(4.2, null)).toBe("4.2 of 5 (reviews not available)");
  });

  it("gives the as-of time in UTC", () => {
    expect(formatAsOf("2026-11-25T04:07:00.000Z")).toBe("25 Nov 2026, 04:07 UTC");
    expect(formatAsOf("nonsense")).toBe("not available");
  });

  it("puts waits in words", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(45)).toBe("45 seconds");
    expect(formatWait(61)).toBe("2 minutes");
    expect(formatWait(3600)).toBe("1 hour");
    expect(formatWait(12_000)).toBe("3 hours 20 minutes");
    expect(formatWait(2 * 86_400 + 4 * 3600)).toBe("2 days 4 hours");
  });

  it("shows 429 and 503 in words with the retry time", () => {
    expect(errorSentence(429, "Monthly lookup limit reached: 100 lookups per calendar month (UTC).", 7200)).toBe(
      "Limit reached: Monthly lookup limit reached: 100 lookups per calendar month (UTC). Try again in 2 hours.",
    );
    expect(errorSentence(503, "Product data is temporarily unavailable.", 30)).toBe(
      "Amazon data is unavailable right now: Product data is temporarily unavailable. Try again in 30 seconds.",
    );
    expect(errorSentence(404, "No product B000000000 in US", null)).toBe("No product B000000000 in US");
  });

  it("says how many free lookups remain and when the allowance resets", () => {
    expect(remainingSentence(87, 100, 3 * 86_400)).toBe("87 of 100 free lookups left (resets in 3 days).");
    expect(remainingSentence(0, 60, 20)).toBe("0 of 60 free lookups left (resets in 20 seconds).");
    expect(remainingSentence(null, 100, 20)).toBeNull();
  });

  it("summarises an alert", () => {
    expect(alertSummary("rank_above", 2500)).toBe("rank worse than #2,500");
    // A 10% move does not fire a 10% alert: "or more" promised one it never sent.
    expect(alertSummary("price_change", 10)).toBe("price moves more than ±10% within 7 days");
  });
});
