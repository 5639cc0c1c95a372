import { describe, expect, it } from "vitest";
import { compareItems, compareLimitOf, compareOutage, compareRefusal } from "../../../worker/compare/compare-rules";
import { compareQuerySchema } from "../../../worker/compare/compare-query";
import { ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import type { LookupOutcome } from "../../../worker/lookup/lookup-service";
import { mockProduct } from "../../../worker/upstreams/creators/mock";

const ten = Array.from({ length: 10 }, (_, i) => `B00000000${i}`);

describe("compare rules", () => {
  it("takes each plan's compare limit, never more than one getItems batch", () => {
    expect(compareLimitOf(FREE_PLAN)).toBe(5);
    expect(compareLimitOf(PRO_PLAN)).toBe(10);
    expect(compareLimitOf(ENTERPRISE_PLAN)).toBe(10);
  });

  it("refuses more ASINs or other marketplaces than the plan has, pointing Free at Pro", () => {
    expect(compareRefusal(FREE_PLAN, ten.slice(0, 5), "US")).toBeNull();
    expect(compareRefusal(FREE_PLAN, ten.slice(0, 6), "US")).toBe(
      "Your Free plan compares up to 5 ASINs at once; you asked for 6. Upgrade to Pro to compare up to 10.",
    );
    expect(compareRefusal(FREE_PLAN, ten.slice(0, 1), "DE")).toMatch(/covers US\. Upgrade to Pro to compare in DE/);
    expect(compareRefusal(PRO_PLAN, ten, "JP")).toBeNull();
  });

  it("keeps the input order and turns failed outcomes into per-ASIN errors", () => {
    const product = { ...mockProduct("B000000001", "US"), source: "mock" as const, refreshedAt: "2026-11-23T00:00:00.000Z" };
    const outcomes = new Map<string, LookupOutcome>([
      ["B000000001", { ok: true, result: product }],
      ["B000000000", { ok: false, status: 404, reason: "not_found", detail: "gone" }],
    ]);
    expect(compareItems(["B000000000", "B000000001"], outcomes)).toEqual([
      { asin: "B000000000", ok: false, error: "not_found", detail: "gone" },
      { asin: "B000000001", ok: true, product },
    ]);
    expect(compareOutage(outcomes)).toBeNull();
  });

  it("is unavailable as a whole only when Amazon failed for every ASIN, with the longest wait", () => {
    const down = new Map<string, LookupOutcome>([
      ["A", { ok: false, status: 503, reason: "unavailable", detail: "x", retryAfterSeconds: 10 }],
      ["B", { ok: false, status: 503, reason: "unavailable", detail: "x", retryAfterSeconds: 30 }],
    ]);
    expect(compareOutage(down)).toEqual({ detail: expect.stringMatching(/try again shortly/), retryAfterSeconds: 30 });
    // No outcome said when: 30 s.
    const silent = new Map<string, LookupOutcome>([["A", { ok: false, status: 503, reason: "unavailable", detail: "x" }]]);
    expect(compareOutage(silent)?.retryAfterSeconds).toBe(30);
    // One ASIN Amazon does not know is an answer of its own: the table, not a 503.
    expect(compareOutage(new Map([...down, ["C", { ok: false, status: 404, reason: "not_found", detail: "gone" }]]))).toBeNull();
    expect(compareOutage(new Map())).toBeNull();
  });

  it("splits the asins parameter as pasted", () => {
    expect(compareQuerySchema.parse({ asins: " b08n5wrwnw,,https://www.amazon.com/dp/B07XJ8C8F5 ,B08N5WRWNW" })).toEqual({
      asins: ["B08N5WRWNW", "B07XJ8C8F5"],
      marketplace: "US",
    });
  });
});

describe("the compare's marketplace", () => {
  const read = (query: Record<string, string>) => compareQuerySchema.safeParse(query);
  const de = "https://www.amazon.de/dp/B08N5WRWNW";

  it("is the one the pasted URLs name when none is given, else US", () => {
    expect(read({ asins: `${de},B07XJ8C8F5` }).data).toEqual({ asins: ["B08N5WRWNW", "B07XJ8C8F5"], marketplace: "DE" });
    expect(read({ asins: "B08N5WRWNW" }).data?.marketplace).toBe("US");
  });

  it("is the one given when the URLs agree with it", () => {
    expect(read({ asins: de, marketplace: "de" }).data?.marketplace).toBe("DE");
  });

  it("refuses a given marketplace a URL contradicts, naming both", () => {
    const result = read({ asins: `B07XJ8C8F5,${de}`, marketplace: "US" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["marketplace"], message: "marketplace is US, but an Amazon URL is on DE (amazon.de): leave marketplace out or make them agree." }),
    ]);
  });

  it("refuses URLs of different marketplaces, naming them", () => {
    const result = read({ asins: `${de},https://www.amazon.co.uk/dp/B07XJ8C8F5` });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["asins"], message: expect.stringContaining("different marketplaces (DE (amazon.de), UK (amazon.co.uk))") }),
    ]);
  });
});
