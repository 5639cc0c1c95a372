import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../worker/env";
import { LOOKUP_MARKETPLACES, MARKETPLACE_CURRENCY, MARKETPLACE_HOST } from "../../../worker/contract/marketplaces";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { lookup } from "./live-env";

/** Every marketplace the spec lists, live against the fake: its region's credential, its store's own tag. */
function everyStore(na: string, eu: string, fe: string): Bindings {
  return {
    ...env,
    CREATORS_NA_CREDENTIAL_ID: na,
    CREATORS_NA_CREDENTIAL_SECRET: "na",
    CREATORS_EU_CREDENTIAL_ID: eu,
    CREATORS_EU_CREDENTIAL_SECRET: "eu",
    CREATORS_FE_CREDENTIAL_ID: fe,
    CREATORS_FE_CREDENTIAL_SECRET: "fe",
    CREATORS_US_PARTNER_TAG: "ranklayer-20",
    CREATORS_CA_PARTNER_TAG: "ranklayer-ca-20",
    CREATORS_MX_PARTNER_TAG: "ranklayer-mx-20",
    CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21",
    CREATORS_DE_PARTNER_TAG: "ranklayer-de-21",
    CREATORS_FR_PARTNER_TAG: "ranklayer-fr-21",
    CREATORS_IT_PARTNER_TAG: "ranklayer-it-21",
    CREATORS_ES_PARTNER_TAG: "ranklayer-es-21",
    CREATORS_JP_PARTNER_TAG: "ranklayer-jp-22",
  };
}

describe("a live lookup in every marketplace", () => {
  it.each(LOOKUP_MARKETPLACES)("%s answers live data in its own currency and store, asked with its own tag", async (marketplace) => {
    const bindings = everyStore(uniqueClient(), uniqueClient(), uniqueClient());
    const asin = newAsin();
    const res = await lookup(`asin=${asin}&marketplace=${marketplace}`, bindings);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { source: string; price: { currency: string } | null; detailPageUrl: string; rank: number | null; categoryPath: string[] };
    expect(body).toMatchObject({ asin, marketplace, source: "live", price: { currency: MARKETPLACE_CURRENCY[marketplace] } });
    expect(new URL(body.detailPageUrl).hostname).toBe(MARKETPLACE_HOST[marketplace]);
    expect(body.rank).toBeGreaterThan(0);
    expect(body.categoryPath.length).toBeGreaterThan(0);
    const [call] = await calls({ kind: "getItems", asin });
    expect(call).toMatchObject({ status: 200, marketplace: MARKETPLACE_HOST[marketplace] });
  });
});
