import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { BOM } from "../../../worker/exports/csv";
import type { HistoryResponse } from "../../../worker/contract/history";
import type { LookupResult } from "../../../worker/contract/product";
import type { Bindings } from "../../../worker/env";
import { control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "../lookup/live-env";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";

let nextIp = 1;
async function get(path: string, bindings: Bindings = env) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { "CF-Connecting-IP": `198.51.100.${nextIp++}` } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The CSV as one record per row keyed by the header (RFC 4180 quotes honoured). */
function records(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(BOM, "");
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), (i += 1);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\r" && body[i + 1] === "\n") row.push(field), rows.push(row), (row = []), (field = ""), (i += 1);
    else field += ch;
  }
  const [header, ...data] = rows;
  return data.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ""])));
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("rating, reviews and the price's basis in exports and /api/v1 history", () => {
  it("the compare export carries the mock's labelled rating and reviews, marked as mock data", async () => {
    const asins = ["B07XJ8C8F5", "B08N5WRWNW"];
    const looked = await Promise.all(asins.map(async (asin) => (await get(`/api/v1/lookup?asin=${asin}`)).json<LookupResult>()));
    const rows = records(await (await get(`/api/exports/compare?format=csv&asins=${asins.join(",")}`)).text());
    expect(rows).toHaveLength(2);
    rows.forEach((row, i) => {
      expect(looked[i]!.rating).not.toBeNull();
      expect(row).toMatchObject({ ASIN: asins[i], Rating: String(looked[i]!.rating), Reviews: String(looked[i]!.reviewCount), "Price is": "Buy Box", Source: "Mock data (not live)" });
    });
  });

  it("a live compare labels a price without a Buy Box winner as the lowest offer, and keeps Amazon's rating and reviews", async () => {
    const bindings = liveEnv(uniqueClient());
    const [won, open] = [newAsin(), newAsin()];
    await control("script", { asin: open, behavior: "no_buybox" });
    const lookups = await Promise.all([won, open].map(async (asin) => (await get(`/api/v1/lookup?asin=${asin}`, bindings)).json<LookupResult>()));
    expect(lookups[1]).toMatchObject({ source: "live", priceSource: "lowest_offer" });
    expect(lookups[0]!.priceSource).toBeUndefined();

    const rows = records(await (await get(`/api/exports/compare?format=csv&asins=${won},${open}`, bindings)).text());
    expect(rows.map((row) => [row.ASIN, row["Price is"], row.Source])).toEqual([
      [won, "Buy Box", "Amazon (cached copy)"],
      [open, "Lowest offer (no Buy Box winner)", "Amazon (cached copy)"],
    ]);
    rows.forEach((row, i) => {
      expect(row.Price).toBe(String(lookups[i]!.price!.amount));
      expect(row.Rating).toBe(lookups[i]!.rating === null ? "" : String(lookups[i]!.rating));
      expect(row.Reviews).toBe(lookups[i]!.reviewCount === null ? "" : String(lookups[i]!.reviewCount));
      expect(row["As of (UTC)"]).toBe(lookups[i]!.refreshedAt);
    });
  });

  it("a live lookup's rating, reviews and lowest-offer label reach /api/v1/history and the history export, with the point's source", async () => {
    const bindings = liveEnv(uniqueClient());
    const asin = newAsin();
    await control("script", { asin, behavior: "no_buybox" });
    const lookup = await (await get(`/api/v1/lookup?asin=${asin}`, bindings)).json<LookupResult>();
    expect(lookup.source).toBe("live");

    const history = await (await get(`/api/v1/history?asin=${asin}`, bindings)).json<HistoryResponse>();
    expect(history.points).toEqual([
      expect.objectContaining({ source: "live", rank: lookup.rank, price: lookup.price!.amount, priceSource: "lowest_offer", rating: lookup.rating, reviewCount: lookup.reviewCount }),
    ]);

    const [row] = records(await (await get(`/api/exports/history?format=csv&asin=${asin}`, bindings)).text());
    expect(row).toMatchObject({
      ASIN: asin,
      Rank: String(lookup.rank),
      "Price is": "Lowest offer (no Buy Box winner)",
      Rating: lookup.rating === null ? "" : String(lookup.rating),
      Reviews: lookup.reviewCount === null ? "" : String(lookup.reviewCount),
      Source: "Amazon (live)",
    });
  });

  it("the history export writes each price at its currency's decimals: $20.00, not 20; yen whole", async () => {
    const cases = [
      { marketplace: "US", amount: 20, currency: "USD", cell: "20.00" },
      { marketplace: "DE", amount: 9.5, currency: "EUR", cell: "9.50" },
      { marketplace: "JP", amount: 4914, currency: "JPY", cell: "4914" },
    ] as const;
    for (const { marketplace, amount, currency, cell } of cases) {
      const asin = newAsin();
      const product = { ...mockProduct(asin, marketplace), price: { amount, currency } };
      await writeRankPoints(buildServices(env).history, [pointOf({ product, source: "live", capturedAt: new Date().toISOString() })]);
      const [row] = records(await (await get(`/api/exports/history?format=csv&asin=${asin}&marketplace=${marketplace}`)).text());
      expect(row).toMatchObject({ ASIN: asin, Price: cell, Currency: currency });
    }
  });

  it("the mock's history points carry its rating and reviews, labelled mock", async () => {
    const asin = newAsin();
    const lookup = await (await get(`/api/v1/lookup?asin=${asin}&marketplace=DE`)).json<LookupResult>();
    const history = await (await get(`/api/v1/history?asin=${asin}&marketplace=DE`)).json<HistoryResponse>();
    expect(history.points).toEqual([expect.objectContaining({ source: "mock", rating: lookup.rating, reviewCount: lookup.reviewCount })]);
    expect(history.points[0]!.rating).toEqual(expect.any(Number));
  });
});
