import { describe, expect, it } from "vitest";
import { CreatorsProductSource } from "../../../../worker/upstreams/creators/client";
import { classifyAmazonError, creatorsScopeOfKind } from "../../../../worker/upstreams/amazon-errors";
import { UpstreamError } from "../../../../worker/upstreams/creators/product-source";
import { control, newAsin, uniqueClient } from "../../support/creators-fake";

function source() {
  return new CreatorsProductSource({ credentialId: uniqueClient(), credentialSecret: "s", version: "3.1", partnerTag: "ranklayer-20", timeoutMs: 4000 });
}

/**
 * The classification table (amazon-errors.ts) names every 403 permanent for the region and every
 * 400 permanent for the request, whatever the body: a gateway's HTML or empty refusal is no less
 * a refusal, and retrying it five times a batch only delays the mark on /status.
 */
describe("a whole-call refusal whose body is not JSON", () => {
  it.each([
    [403, "<html><body>403 Forbidden</body></html>"],
    [403, ""],
    [400, "Bad Request"],
  ])("HTTP %i with %j is the table's permanent class, not a transient 'unavailable'", async (status, text) => {
    const asin = newAsin();
    await control("script", { asin, behavior: "raw", status, text, headers: { "Content-Type": "text/html" } });
    const error = await source().getItems([asin], "US").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    const expectedScope = classifyAmazonError("creators", status).scope;
    expect(creatorsScopeOfKind((error as UpstreamError).kind)).toBe(expectedScope);
  });
});
