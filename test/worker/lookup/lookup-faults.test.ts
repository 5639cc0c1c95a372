import { beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "../../../worker/upstreams/creators/product-source";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";
import { historyPoints } from "../support/history-shards";
import { liveEnv, lookup } from "./live-env";

/**
 * The lookup against a misbehaving Creators API (the fake, scripted per ASIN). Every fault
 * that does not say "this ASIN is unknown" is an upstream failure: the cached copy under
 * 24 h when there is one, else 503 with Retry-After; never a 404, never a TypeError.
 */

type Fault = Record<string, unknown>;
const item = (asin: string, extra: Record<string, unknown> = {}) => ({
  asin,
  detailPageURL: `https://www.amazon.com/dp/${asin}`,
  itemInfo: { title: { displayValue: "Scripted Product" } },
  offersV2: { listings: [{ isBuyBoxWinner: true, price: { money: { amount: 12.5, currency: "USD" } } }] },
  ...extra,
});

/** Each fault, by name, for the ASIN asked about; retryAfter is the Retry-After the 503 must carry. */
const FAULTS: [string, (asin: string) => Fault, number][] = [
  ["200 {}", () => ({ behavior: "raw", body: {} }), 30],
  ["200 itemsResult: null", () => ({ behavior: "raw", body: { itemsResult: null } }), 30],
  ["200 items: []", () => ({ behavior: "raw", body: { itemsResult: { items: [] } } }), 30],
  ["200 JSON null", () => ({ behavior: "raw", body: null }), 30],
  ["200 JSON array", () => ({ behavior: "raw", body: [] }), 30],
  ["200 a different ASIN", () => ({ behavior: "raw", body: { itemsResult: { items: [item("B0OTHER999")] } } }), 30],
  ["200 an error entry naming no ASIN", () => ({ behavior: "raw", body: { errors: [{ code: "InternalFailure", message: "Something went wrong." }] } }), 30],
  ["200 our ASIN twice with different data", (asin) => ({ behavior: "raw", body: { itemsResult: { items: [item(asin), item(asin, { itemInfo: { title: { displayValue: "Twin" } } })] } } }), 30],
  ["200 a title that is a number", (asin) => ({ behavior: "raw", body: { itemsResult: { items: [item(asin, { itemInfo: { title: { displayValue: 42 } } })] } } }), 30],
  ["200 an item whose ASIN is malformed", () => ({ behavior: "raw", body: { itemsResult: { items: [item("not-an-asin")] } } }), 30],
  ["200 items: [null]", () => ({ behavior: "raw", body: { itemsResult: { items: [null] } } }), 30],
  ["200 items not a list", () => ({ behavior: "raw", body: { itemsResult: { items: {} } } }), 30],
  ["200 errors not a list", () => ({ behavior: "raw", body: { errors: {} } }), 30],
  ["200 a body that is not JSON", () => ({ behavior: "raw", text: "<html>oops</html>" }), 30],
  ["503 with Retry-After: 45", () => ({ behavior: "error503", retryAfterSeconds: 45 }), 45],
  ["503 with an HTTP-date Retry-After", () => ({ behavior: "raw", status: 503, body: {}, headers: { "Retry-After": new Date(Date.now() + 120_000).toUTCString() } }), 120],
  ["429 with Retry-After: 12", () => ({ behavior: "throttled", retryAfterSeconds: 12 }), 12],
  ["500", () => ({ behavior: "error500" }), 30],
  ["404 naming no item (a wrong path)", () => ({ behavior: "raw", status: 404, body: { type: "ResourceNotFoundException", message: "No resource at /catalog/v1/getItems" } }), 30],
];

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** No failure was an unexpected (non-UpstreamError) one, such as a TypeError. */
function expectOnlyUpstreamErrors() {
  for (const [message, kind, error] of errors.mock.calls as unknown[][]) {
    if (message !== "product source failed") continue;
    expect(kind).not.toBe("unexpected");
    expect(error).toBeInstanceOf(UpstreamError);
  }
}

describe("lookup faults without a cached copy: 503 with Retry-After", () => {
  it.each(FAULTS)("%s", async (_name, fault, retryAfter) => {
    const asin = newAsin();
    await control("script", { asin, ...fault(asin) });
    const res = await lookup(`asin=${asin}`, liveEnv(uniqueClient()));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(retryAfter - 1);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(retryAfter);
    expect((await res.json<{ detail: string }>()).detail).toMatch(/try again shortly/i);
    expectOnlyUpstreamErrors();
  });
});

describe("lookup faults with a copy under 24 h old: the cached copy", () => {
  it.each(FAULTS)("%s", async (_name, fault) => {
    const clientId = uniqueClient();
    const asin = newAsin();
    const first = await lookup(`asin=${asin}`, liveEnv(clientId));
    expect(first.status).toBe(200);
    const live = await first.json<Record<string, unknown>>();
    expect(live.source).toBe("live");

    await control("script", { asin, ...fault(asin) });
    // A zero refresh age makes the copy due for refresh while it is still under 24 h old.
    const res = await lookup(`asin=${asin}`, liveEnv(clientId, { LOOKUP_REFRESH_AFTER_SECONDS: "0" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...live, source: "cache" });
    expect(await calls({ kind: "getItems", asin })).toHaveLength(2);
    expectOnlyUpstreamErrors();
  });
});

describe("answers that say the ASIN is unknown: 404", () => {
  const notFound = (asin: string) => ({ detail: `No product found for ASIN ${asin} in the US marketplace`, code: "not_found" });

  it("Creators 404 ResourceNotFoundException naming the ASIN, nothing cached", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "resource_not_found" });
    const res = await lookup(`asin=${asin}`, liveEnv(uniqueClient()));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound(asin));
    const [call] = await calls({ kind: "getItems", asin });
    expect(call).toMatchObject({ status: 404 });
  });

  it("Creators 404 ResourceNotFoundException naming the ASIN, even with a cached copy", async () => {
    const clientId = uniqueClient();
    const asin = newAsin();
    expect((await lookup(`asin=${asin}`, liveEnv(clientId))).status).toBe(200);
    await control("script", { asin, behavior: "resource_not_found" });
    const res = await lookup(`asin=${asin}`, liveEnv(clientId, { LOOKUP_REFRESH_AFTER_SECONDS: "0" }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound(asin));
  });

  it("a 200 with an error entry naming the ASIN (InvalidParameterValue)", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "invalid" });
    const res = await lookup(`asin=${asin}`, liveEnv(uniqueClient()));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound(asin));
  });
});

describe("malformed optional fields: null, never shown, never kept in history", () => {
  it("a price of -5 comes back live with price null, and history holds no -5", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "raw", body: { itemsResult: { items: [item(asin, { offersV2: { listings: [{ price: { money: { amount: -5, currency: "USD" } } }] } })] } } });
    const res = await lookup(`asin=${asin}`, liveEnv(uniqueClient()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ asin, source: "live", title: "Scripted Product", price: null });
    expect((await historyPoints({ asin })).map((point) => point.price)).toEqual([null]);
  });

  it("an image off Amazon's hosts and a rank of 0 come back as null", async () => {
    const asin = newAsin();
    const odd = item(asin, { images: { primary: { large: { url: "https://evil.example/a.jpg" } } }, browseNodeInfo: { websiteSalesRank: { displayName: "Toys", salesRank: 0 } } });
    await control("script", { asin, behavior: "raw", body: { itemsResult: { items: [odd] } } });
    const res = await lookup(`asin=${asin}`, liveEnv(uniqueClient()));
    expect(await res.json()).toMatchObject({ source: "live", image: null, rank: null, price: { amount: 12.5, currency: "USD" } });
  });
});
