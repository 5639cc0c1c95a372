import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { checkStatus } from "../../../worker/status/checks";
import type { Bindings } from "../../../worker/env";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { lookup } from "./live-env";
import { buildServices } from "../../../worker/services";

/**
 * Creators credentials and version are per region (NA: US, CA, MX; EU: UK, DE, FR, IT, ES; FE:
 * JP), partner tags per store: each lookup uses its marketplace's region and its store's tag, and
 * a region without credentials is served by the labelled mock, never by another region's tag.
 */
function regional(na: string, eu: string): Bindings {
  return {
    ...env,
    CREATORS_NA_CREDENTIAL_ID: na,
    CREATORS_NA_CREDENTIAL_SECRET: "na-secret",
    CREATORS_US_PARTNER_TAG: "ranklayer-20",
    CREATORS_EU_CREDENTIAL_ID: eu,
    CREATORS_EU_CREDENTIAL_SECRET: "eu-secret",
    CREATORS_DE_PARTNER_TAG: "ranklayer-21",
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("per-region Creators credentials", () => {
  it("US uses the NA credential and tag, DE the EU ones with the EU token endpoint, JP the labelled mock", async () => {
    const na = uniqueClient();
    const eu = uniqueClient();
    const bindings = regional(na, eu);

    const us = newAsin();
    const usRes = await lookup(`asin=${us}&marketplace=US`, bindings);
    expect(await usRes.json()).toMatchObject({ asin: us, marketplace: "US", source: "live", price: { currency: "USD" } });
    const [usCall] = await calls({ kind: "getItems", asin: us });
    expect(usCall).toMatchObject({ clientId: na, marketplace: "www.amazon.com", status: 200, body: expect.objectContaining({ partnerTag: "ranklayer-20" }) });
    expect(await calls({ kind: "token", clientId: na })).toEqual([expect.objectContaining({ url: "https://api.amazon.com/auth/o2/token" })]);

    const de = newAsin();
    const deRes = await lookup(`asin=${de}&marketplace=DE`, bindings);
    expect(await deRes.json()).toMatchObject({ asin: de, marketplace: "DE", source: "live", price: { currency: "EUR" } });
    const [deCall] = await calls({ kind: "getItems", asin: de });
    expect(deCall).toMatchObject({ clientId: eu, marketplace: "www.amazon.de", status: 200, body: expect.objectContaining({ partnerTag: "ranklayer-21" }) });
    // EU credentials default to version 3.2: Login with Amazon's EU endpoint.
    expect(await calls({ kind: "token", clientId: eu })).toEqual([expect.objectContaining({ url: "https://api.amazon.co.uk/auth/o2/token" })]);

    const jp = newAsin();
    const jpRes = await lookup(`asin=${jp}&marketplace=JP`, bindings);
    expect(jpRes.status).toBe(200);
    expect(await jpRes.json()).toMatchObject({ asin: jp, marketplace: "JP", source: "mock" });
    expect(await calls({ kind: "getItems", asin: jp })).toEqual([]);
  });

  it("the single-credential variables serve only the region their version names (NA by default)", async () => {
    const legacy = uniqueClient();
    const bindings = { ...env, CREATORS_CREDENTIAL_ID: legacy, CREATORS_CREDENTIAL_SECRET: "s", CREATORS_US_PARTNER_TAG: "ranklayer-20", CREATORS_CA_PARTNER_TAG: "ranklayer-ca-20" };
    const ca = newAsin();
    expect(await (await lookup(`asin=${ca}&marketplace=CA`, bindings)).json()).toMatchObject({ source: "live" });
    expect(await calls({ kind: "getItems", asin: ca })).toEqual([expect.objectContaining({ clientId: legacy, marketplace: "www.amazon.ca" })]);
    // A US tag cannot read the UK store: the UK is the labelled mock, and Amazon is not asked.
    const uk = newAsin();
    expect(await (await lookup(`asin=${uk}&marketplace=UK`, bindings)).json()).toMatchObject({ source: "mock" });
    expect(await calls({ kind: "getItems", asin: uk })).toEqual([]);

    const euLegacy = { ...bindings, CREATORS_CREDENTIAL_ID: uniqueClient(), CREATORS_CREDENTIAL_VERSION: "3.2", CREATORS_FR_PARTNER_TAG: "ranklayer-fr-21" };
    const us = newAsin();
    expect(await (await lookup(`asin=${us}&marketplace=US`, euLegacy)).json()).toMatchObject({ source: "mock" });
    const fr = newAsin();
    expect(await (await lookup(`asin=${fr}&marketplace=FR`, euLegacy)).json()).toMatchObject({ source: "live" });
  });

  it("a regional credential wins over the single-credential variables for its region", async () => {
    const legacy = uniqueClient();
    const na = uniqueClient();
    const bindings = {
      ...env,
      CREATORS_CREDENTIAL_ID: legacy,
      CREATORS_CREDENTIAL_SECRET: "s",
      CREATORS_NA_CREDENTIAL_ID: na,
      CREATORS_NA_CREDENTIAL_SECRET: "s2",
      CREATORS_US_PARTNER_TAG: "new-20",
    };
    const us = newAsin();
    await lookup(`asin=${us}`, bindings);
    expect(await calls({ kind: "getItems", asin: us })).toEqual([expect.objectContaining({ clientId: na, body: expect.objectContaining({ partnerTag: "new-20" }) })]);
  });
});

describe("/status per region", () => {
  it("shows a region without credentials as mock, labelled, next to the live ones", async () => {
    const report = await checkStatus(buildServices(regional(uniqueClient(), uniqueClient())));
    const source = report.components.find((component) => component.id === "product_source")!;
    expect(source.status).toBe("operational");
    expect(source.regions).toEqual([
      { region: "na", marketplaces: ["US", "CA", "MX"], mode: "live", detail: expect.any(String) },
      { region: "eu", marketplaces: ["UK", "DE", "FR", "IT", "ES"], mode: "live", detail: expect.any(String) },
      { region: "fe", marketplaces: ["JP"], mode: "mock", detail: "No Creators API credentials for FE: lookups in JP show labelled mock data." },
    ]);
    // Every store on the labelled mock is named: JP (no credential) and the NA and EU stores without a tag of their own.
    expect(source.detail).toBe(
      "Live Amazon data in US, DE, cached for up to 24 hours. Labelled mock data in CA, MX, UK, FR, IT, ES, JP: no usable credential or store tag there (see each marketplace).",
    );
  });

  it("shows every region mock without credentials, and names an incomplete region's missing variable", async () => {
    const none = await checkStatus(buildServices(env));
    const source = none.components.find((component) => component.id === "product_source")!;
    expect(source.status).toBe("mock");
    expect(source.regions?.map((region) => region.mode)).toEqual(["mock", "mock", "mock"]);

    const partial = await checkStatus(buildServices({ ...env, CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s" }));
    const eu = partial.components.find((component) => component.id === "product_source")!.regions![1]!;
    expect(eu).toMatchObject({ region: "eu", mode: "mock", detail: expect.stringContaining("set CREATORS_UK_PARTNER_TAG, CREATORS_DE_PARTNER_TAG") });

    // A region's version alone configures nothing: the single-credential variables still serve NA.
    const versionOnly = await checkStatus(buildServices({ ...env, CREATORS_NA_CREDENTIAL_VERSION: "3.1", CREATORS_CREDENTIAL_ID: "id", CREATORS_CREDENTIAL_SECRET: "s", CREATORS_US_PARTNER_TAG: "t-20" }));
    expect(versionOnly.components.find((component) => component.id === "product_source")!.regions![0]).toMatchObject({ region: "na", mode: "live" });

    const wrongVersion = await checkStatus(buildServices({ ...env, CREATORS_EU_CREDENTIAL_ID: "id", CREATORS_EU_CREDENTIAL_SECRET: "s", CREATORS_UK_PARTNER_TAG: "t-21", CREATORS_EU_CREDENTIAL_VERSION: "3.1" }));
    expect(wrongVersion.components.find((component) => component.id === "product_source")!.regions![1]).toMatchObject({
      mode: "mock",
      detail: expect.stringContaining("credential version 3.1 belongs to NA, not EU"),
    });
  });

  it("GET /api/status carries the regions", async () => {
    const res = await lookupStatus(regional(uniqueClient(), uniqueClient()));
    const source = res.components.find((component) => component.id === "product_source")!;
    expect(source.regions?.find((region) => region.region === "fe")).toMatchObject({ mode: "mock" });
  });
});

async function lookupStatus(bindings: Bindings) {
  const res = await app.request("/api/status", {}, bindings);
  expect(res.status).toBe(200);
  return res.json<Awaited<ReturnType<typeof checkStatus>>>();
}
