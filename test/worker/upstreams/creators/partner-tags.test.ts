import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { configOf } from "../../../../worker/config";
import { checkStatus } from "../../../../worker/status/checks";
import { marketplaceReports } from "../../../../worker/status/marketplace-sources";
import { regionReports } from "../../../../worker/status/product-source";
import { creatorsConfigOfMarketplace, creatorsRegionsOf, partnerTagOf } from "../../../../worker/shared/creators-regions";
import type { Bindings } from "../../../../worker/env";
import { calls, control, newAsin, uniqueClient } from "../../support/creators-fake";
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
  it("only a store's own tag serves it: no region-wide fallback, the others are the labelled mock", () => {
    const regions = creatorsRegionsOf(
      configOf({ CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s", CREATORS_UK_PARTNER_TAG: "shop-uk-21", CREATORS_DE_PARTNER_TAG: "shop-de-21" }).vars,
    );
    expect(creatorsConfigOfMarketplace(regions, "UK")?.partnerTag).toBe("shop-uk-21");
    expect(creatorsConfigOfMarketplace(regions, "DE")?.partnerTag).toBe("shop-de-21");
    // No tag reaches France or Italy: the labelled mock, not another store's tag.
    expect(creatorsConfigOfMarketplace(regions, "FR")).toBeNull();
    expect(creatorsConfigOfMarketplace(regions, "US")).toBeNull();

    // The region's tag and the single CREATORS_PARTNER_TAG of earlier releases are no store's tag.
    const withRegionTag = creatorsRegionsOf(
      configOf({ CREATORS_NA_CREDENTIAL_ID: "id", CREATORS_NA_CREDENTIAL_SECRET: "s", CREATORS_NA_PARTNER_TAG: "shop-us-20", CREATORS_CA_PARTNER_TAG: "shop-ca-20" }).vars,
    );
    expect(partnerTagOf(withRegionTag.na.config!, "CA")).toEqual({ tag: "shop-ca-20", from: "marketplace" });
    expect(partnerTagOf(withRegionTag.na.config!, "MX")).toEqual({ tag: "", from: "none" });
    expect(creatorsConfigOfMarketplace(withRegionTag, "US")).toBeNull();
    const legacyOnly = creatorsRegionsOf(configOf({ CREATORS_CREDENTIAL_ID: "id", CREATORS_CREDENTIAL_SECRET: "s", CREATORS_PARTNER_TAG: "shop-20" }).vars);
    expect(legacyOnly.na).toEqual({ config: null, problem: expect.stringContaining("CREATORS_PARTNER_TAG is no longer read") });
    expect(legacyOnly.na.problem).toContain("set CREATORS_US_PARTNER_TAG, CREATORS_CA_PARTNER_TAG, CREATORS_MX_PARTNER_TAG");
  });

  it("/status lists each marketplace's source, and a store without a tag says so by name", () => {
    const regions = configOf({ CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s", CREATORS_EU_PARTNER_TAG: "shop-uk-21", CREATORS_DE_PARTNER_TAG: "shop-de-21", CREATORS_FR_PARTNER_TAG: "shop-fr-21" }).creatorsRegions;
    const reports = marketplaceReports(regions, { FR: { reason: "InvalidPartnerTag", since: "2026-11-26T02:00:00.000Z" } });
    const byCode = Object.fromEntries(reports.map((report) => [report.marketplace, report]));
    expect(reports.map((report) => report.marketplace)).toEqual(["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES", "JP"]);
    expect(byCode.US).toMatchObject({ mode: "mock", tag: "none" });
    expect(byCode.DE).toMatchObject({ mode: "live", tag: "marketplace", detail: expect.stringContaining("CREATORS_DE_PARTNER_TAG") });
    expect(byCode.UK).toMatchObject({ mode: "mock", tag: "none", detail: "No partner tag for amazon.co.uk: set CREATORS_UK_PARTNER_TAG. Labelled mock data until then." });
    expect(byCode.IT).toMatchObject({ mode: "mock", tag: "none", detail: expect.stringContaining("No partner tag for amazon.it") });
    expect(byCode.FR).toMatchObject({ mode: "needs_attention", detail: expect.stringContaining("InvalidPartnerTag") });
    // The region's line says where it is live and where it is the labelled mock.
    const eu = regionReports(regions).find((report) => report.region === "eu")!;
    expect(eu.detail).toBe("Live Amazon data in DE, FR. Labelled mock data in UK, IT, ES: no partner tag of their own (see each marketplace).");
  });

  it("Amazon (the fake) knows a tag's store by its suffix, narrowed by the tags it has registered", async () => {
    const clientId = uniqueClient();
    const stores = {
      ...env,
      CREATORS_NA_CREDENTIAL_ID: clientId, CREATORS_NA_CREDENTIAL_SECRET: "s",
      CREATORS_FE_CREDENTIAL_ID: clientId, CREATORS_FE_CREDENTIAL_SECRET: "s",
      // -22 is amazon.co.jp's; -20 is issued in the US, Canada and Mexico, but ranklayer-20 is registered to amazon.com.
      CREATORS_JP_PARTNER_TAG: "shop-22",
      CREATORS_MX_PARTNER_TAG: "shop-20",
      CREATORS_CA_PARTNER_TAG: "ranklayer-20",
      CREATORS_US_PARTNER_TAG: "ranklayer-uk-21",
    } as Bindings;
    const answer = async (marketplace: string) => {
      const asin = newAsin();
      const res = await lookup(`asin=${asin}&marketplace=${marketplace}`, stores);
      const [call] = await calls({ kind: "getItems", asin });
      return { status: res.status, source: ((await res.json()) as { source?: string }).source, upstream: call?.status };
    };
    expect(await answer("JP")).toEqual({ status: 200, source: "live", upstream: 200 });
    expect(await answer("MX")).toEqual({ status: 200, source: "live", upstream: 200 });
    expect(await answer("CA")).toMatchObject({ source: undefined, upstream: 400 });
    // A test tag naming the UK store is the UK's only, wherever it is sent.
    expect(await answer("US")).toMatchObject({ source: undefined, upstream: 400 });
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

  it("a UK tag of another Associates account than the EU credential's is refused, and /status says the tag must be that account's", async () => {
    const clientId = uniqueClient();
    // The credential was issued to the German programme's account, which holds only its own tags.
    await control("clients", { clientId, secret: "eu-secret", tags: ["ranklayer-de-21"] });
    const otherAccount = euStores(clientId, { CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21", CREATORS_DE_PARTNER_TAG: "ranklayer-de-21" });
    const asin = newAsin();
    const res = await lookup(`asin=${asin}&marketplace=UK`, otherAccount);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(((await res.json()) as { source?: string }).source).toBeUndefined();
    expect((await calls({ kind: "getItems", asin }))[0]).toMatchObject({ status: 400, error: expect.stringContaining("InvalidPartnerTag") });
    // The account's own store still answers live.
    const fresh = newAsin();
    expect(await (await lookup(`asin=${fresh}&marketplace=DE`, otherAccount)).json()).toMatchObject({ asin: fresh, source: "live" });

    const uk = (await checkStatus(buildServices(otherAccount))).components.find((component) => component.id === "product_source")!.marketplaces!.find((entry) => entry.marketplace === "UK")!;
    expect(uk).toMatchObject({ mode: "needs_attention", detail: expect.stringContaining("belongs to the Associates account which issued the region's credential") });
  });

  it("a plain US tag (…-20) set for the UK store: refused, permanent, and never a live answer, the first time or the next", async () => {
    const clientId = uniqueClient();
    const wrong = euStores(clientId, { CREATORS_UK_PARTNER_TAG: "ranklayer-20" });
    const asin = newAsin();
    for (const attempt of [1, 2]) {
      const res = await lookup(`asin=${asin}&marketplace=UK`, wrong);
      const body = (await res.json()) as { source?: string; detail?: string; label?: string };
      expect(res.status, `attempt ${attempt}`).toBeGreaterThanOrEqual(400);
      expect(body.source).toBeUndefined();
      expect(body.detail).toMatch(/partner tag|store/i);
    }
    // Amazon was asked once per lookup and refused each time; nothing was retried inside a lookup.
    const refused = await calls({ kind: "getItems", asin });
    expect(refused.map((call) => call.status)).toEqual([400, 400]);
    const source = (await checkStatus(buildServices(wrong))).components.find((component) => component.id === "product_source")!;
    expect(source.marketplaces?.find((entry) => entry.marketplace === "UK")).toMatchObject({ mode: "needs_attention" });
    expect(source.marketplaces?.some((entry) => entry.marketplace === "UK" && entry.mode === "live")).toBe(false);
  });
});
