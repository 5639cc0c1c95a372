import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { configOf } from "../../../../worker/config";
import { checkStatus } from "../../../../worker/status/checks";
import { marketplaceReports } from "../../../../worker/status/marketplace-sources";
import { creatorsConfigOfMarketplace, creatorsRegionsOf, partnerTagOf } from "../../../../worker/shared/creators-regions";
import type { Bindings } from "../../../../worker/env";
import { calls, newAsin, uniqueClient } from "../../support/creators-fake";
import { lookup } from "../../lookup/live-env";

/** EU credentials with per-store tags (the fake knows `…-uk-21` is amazon.co.uk's). */
function euStores(clientId: string, tags: Partial<Bindings>): Bindings {
  return { ...env, CREATORS_EU_CREDENTIAL_ID: clientId, CREATORS_EU_CREDENTIAL_SECRET: "eu-secret", ...tags };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("partner tags per marketplace", () => {
  it("a store's own tag wins over the region's; a region with only store tags serves only those stores", () => {
    const regions = creatorsRegionsOf(
      configOf({ CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s", CREATORS_UK_PARTNER_TAG: "shop-uk-21", CREATORS_DE_PARTNER_TAG: "shop-de-21" }).vars,
    );
    expect(creatorsConfigOfMarketplace(regions, "UK")?.partnerTag).toBe("shop-uk-21");
    expect(creatorsConfigOfMarketplace(regions, "DE")?.partnerTag).toBe("shop-de-21");
    // No tag reaches France or Italy: the labelled mock, not another store's tag.
    expect(creatorsConfigOfMarketplace(regions, "FR")).toBeNull();
    expect(creatorsConfigOfMarketplace(regions, "US")).toBeNull();

    const withFallback = creatorsRegionsOf(
      configOf({ CREATORS_NA_CREDENTIAL_ID: "id", CREATORS_NA_CREDENTIAL_SECRET: "s", CREATORS_NA_PARTNER_TAG: "shop-us-20", CREATORS_CA_PARTNER_TAG: "shop-ca-20" }).vars,
    );
    expect(partnerTagOf(withFallback.na.config!, "CA")).toEqual({ tag: "shop-ca-20", from: "marketplace" });
    expect(partnerTagOf(withFallback.na.config!, "MX")).toEqual({ tag: "shop-us-20", from: "region" });
  });

  it("/status lists each marketplace's source and where its tag comes from", () => {
    const regions = configOf({ CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s", CREATORS_EU_PARTNER_TAG: "shop-uk-21", CREATORS_DE_PARTNER_TAG: "shop-de-21" }).creatorsRegions;
    const reports = marketplaceReports(regions, { FR: { reason: "InvalidPartnerTag", since: "2026-11-26T02:00:00.000Z" } });
    const byCode = Object.fromEntries(reports.map((report) => [report.marketplace, report]));
    expect(reports.map((report) => report.marketplace)).toEqual(["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES", "JP"]);
    expect(byCode.US).toMatchObject({ mode: "mock", tag: "none" });
    expect(byCode.DE).toMatchObject({ mode: "live", tag: "marketplace", detail: expect.stringContaining("CREATORS_DE_PARTNER_TAG") });
    expect(byCode.IT).toMatchObject({ mode: "live", tag: "region", detail: expect.stringContaining("set CREATORS_IT_PARTNER_TAG") });
    expect(byCode.FR).toMatchObject({ mode: "needs_attention", detail: expect.stringContaining("InvalidPartnerTag") });
  });

  it("GET /api/status carries the marketplaces", async () => {
    const report = await checkStatus(buildServices(euStores(uniqueClient(), { CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21" })));
    const source = report.components.find((component) => component.id === "product_source")!;
    expect(source.marketplaces?.find((entry) => entry.marketplace === "UK")).toMatchObject({ mode: "live", tag: "marketplace" });
    expect(source.marketplaces?.find((entry) => entry.marketplace === "DE")).toMatchObject({ mode: "mock", tag: "none" });
  });

  it("a UK lookup with the US store's tag is refused by Amazon and never reaches the user as live data", async () => {
    const clientId = uniqueClient();
    const wrong = euStores(clientId, { CREATORS_UK_PARTNER_TAG: "ranklayer-us-20" });
    const asin = newAsin();
    const res = await lookup(`asin=${asin}&marketplace=UK`, wrong);
    expect(res.status).not.toBe(200);
    const body = (await res.json()) as { source?: string };
    expect(body.source).toBeUndefined();
    const [call] = await calls({ kind: "getItems", asin });
    expect(call).toMatchObject({ status: 400, error: expect.stringContaining("InvalidPartnerTag"), body: expect.objectContaining({ partnerTag: "ranklayer-us-20" }) });

    // /status says which store needs attention and why, from this one refused lookup.
    const source = (await checkStatus(buildServices(wrong))).components.find((component) => component.id === "product_source")!;
    expect(source.marketplaces?.find((entry) => entry.marketplace === "UK")).toMatchObject({
      mode: "needs_attention",
      detail: expect.stringContaining("InvalidPartnerTag"),
    });

    // The UK store's own tag is accepted: live data, with that tag.
    const right = euStores(clientId, { CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21" });
    const fresh = newAsin();
    expect(await (await lookup(`asin=${fresh}&marketplace=UK`, right)).json()).toMatchObject({ asin: fresh, source: "live" });
  });
});
