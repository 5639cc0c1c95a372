import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../worker/services";
import { checkStatus } from "../../../worker/status/checks";
import type { Bindings } from "../../../worker/env";
import { control, newAsin, uniqueClient } from "../support/creators-fake";
import { lookup } from "../lookup/live-env";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM lookup_log").run();
  await env.DB.prepare("DELETE FROM upstream_attention").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("/status per marketplace, from real calls", () => {
  it("shows the UK failing when its lookups fail at Amazon, while the US stays live", async () => {
    const bindings: Bindings = {
      ...env,
      CREATORS_NA_CREDENTIAL_ID: uniqueClient(),
      CREATORS_NA_CREDENTIAL_SECRET: "s",
      CREATORS_US_PARTNER_TAG: "ranklayer-us-20",
      CREATORS_EU_CREDENTIAL_ID: uniqueClient(),
      CREATORS_EU_CREDENTIAL_SECRET: "s",
      CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21",
    };
    for (let i = 0; i < 3; i++) {
      const asin = newAsin();
      await control("script", { asin, behavior: "error500" });
      expect((await lookup(`asin=${asin}&marketplace=UK`, bindings)).status).toBe(503);
    }
    expect((await lookup(`asin=${newAsin()}&marketplace=US`, bindings)).status).toBe(200);

    const source = (await checkStatus(buildServices(bindings))).components.find((component) => component.id === "product_source")!;
    expect(source.marketplaces?.find((entry) => entry.marketplace === "UK")).toMatchObject({ mode: "failing", detail: expect.stringContaining("3 lookups failed at Amazon") });
    expect(source.marketplaces?.find((entry) => entry.marketplace === "US")).toMatchObject({ mode: "live" });
  });
});
