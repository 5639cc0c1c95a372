import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";

/** The app with Creators credentials set: the live source, against the fake upstream. */
async function liveLookup(query: string, clientId: string) {
  const ctx = createExecutionContext();
  const res = await app.request(
    `/api/v1/lookup?${query}`,
    { headers: { "CF-Connecting-IP": `live-${clientId}` } },
    {
      ...env,
      CREATORS_CREDENTIAL_ID: clientId,
      CREATORS_CREDENTIAL_SECRET: "s3cret",
      CREATORS_US_PARTNER_TAG: "ranklayer-20",
      CREATORS_CA_PARTNER_TAG: "ranklayer-ca-20",
      CREATORS_MX_PARTNER_TAG: "ranklayer-mx-20",
      CREATORS_CREDENTIAL_VERSION: "3.1",
      // Credentials are per region and tags per store: the EU marketplaces need an EU credential and each store's tag.
      CREATORS_EU_CREDENTIAL_ID: clientId,
      CREATORS_EU_CREDENTIAL_SECRET: "s3cret",
      CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21",
      CREATORS_DE_PARTNER_TAG: "ranklayer-de-21",
      CREATORS_FR_PARTNER_TAG: "ranklayer-fr-21",
      CREATORS_IT_PARTNER_TAG: "ranklayer-it-21",
      CREATORS_ES_PARTNER_TAG: "ranklayer-es-21",
    },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("GET /api/v1/lookup with Creators credentials", () => {
  // Upstream failures are logged for operators; keep them out of the test output.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("answers live from Amazon, then from the cache with the original refreshedAt", async () => {
    const clientId = uniqueClient();
    const asin = newAsin();
    const first = await liveLookup(`asin=${asin}&marketplace=DE`, clientId);
    expect(first.status).toBe(200);
    const live = await first.json<Record<string, unknown>>();
    expect(live).toMatchObject({ asin, marketplace: "DE", source: "live" });
    // Rating and review count come from customerReviews with the rest of the live answer.
    expect(live.rating === null || typeof live.rating === "number").toBe(true);
    expect(live.rating === null).toBe(live.reviewCount === null);
    expect(live.price).toMatchObject({ currency: "EUR" });

    const second = await liveLookup(`asin=${asin}&marketplace=DE`, clientId);
    const cached = await second.json<Record<string, unknown>>();
    expect(cached).toEqual({ ...live, source: "cache" });

    const getItems = await calls({ kind: "getItems", asin });
    expect(getItems).toHaveLength(1);
    expect(getItems[0]).toMatchObject({ marketplace: "www.amazon.de", status: 200 });
  });

  it("answers 404 naming the ASIN and marketplace when Amazon does not know it", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "invalid" });
    const res = await liveLookup(`asin=${asin}`, uniqueClient());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: `No product found for ASIN ${asin} in the US marketplace`, code: "not_found" });
  });

  it("answers 503 with Retry-After when Amazon throttles and nothing is cached", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "throttled", retryAfterSeconds: 12 });
    const res = await liveLookup(`asin=${asin}`, uniqueClient());
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("12");
    expect((await res.json<{ detail: string }>()).detail).toMatch(/limiting product data requests/);
  });

  it("answers 503, never 500, when Amazon fails", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "error500" });
    const res = await liveLookup(`asin=${asin}`, uniqueClient());
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("falls back to a copy under 24 h old when Amazon fails after the refresh age", async () => {
    const clientId = uniqueClient();
    const asin = newAsin();
    expect((await liveLookup(`asin=${asin}`, clientId)).status).toBe(200);
    await control("script", { asin, behavior: "error500" });
    // A zero refresh age makes every copy due for refresh while it is still under 24 h old.
    const ctx = createExecutionContext();
    const res = await app.request(
      `/api/v1/lookup?asin=${asin}`,
      { headers: { "CF-Connecting-IP": `live-${clientId}` } },
      {
        ...env,
        CREATORS_CREDENTIAL_ID: clientId,
        CREATORS_CREDENTIAL_SECRET: "s3cret",
        CREATORS_US_PARTNER_TAG: "ranklayer-20",
        LOOKUP_REFRESH_AFTER_SECONDS: "0",
      },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ asin, source: "cache" });
    expect(await calls({ kind: "getItems", asin })).toHaveLength(2);
  });
});
