import { beforeEach, describe, expect, it, vi } from "vitest";
import { CreatorsProductSource } from "../../../../worker/upstreams/creators/client";
import { UpstreamError } from "../../../../worker/upstreams/creators/product-source";
import { MAX_RETRY_AFTER_SECONDS } from "../../../../worker/upstreams/http";
import { calls, control, newAsin, uniqueClient } from "../../support/creators-fake";

/** Amazon may send a 429 (or 503) with no Retry-After or with a nonsense one: the wait read from it stays within the hour cap. */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("Creators 429 and 503 Retry-After, as Amazon may send it", () => {
  it.each([
    ["throttled", "no Retry-After", undefined, undefined],
    ["throttled", "a date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT", MAX_RETRY_AFTER_SECONDS],
    ["throttled", "a huge number", "99999999999", MAX_RETRY_AFTER_SECONDS],
    ["throttled", "a negative number", "-5", undefined],
    ["error503", "a date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT", MAX_RETRY_AFTER_SECONDS],
    ["error503", "no Retry-After", undefined, undefined],
  ])("%s with %s: the wait is bounded by the hour cap", async (behavior, _, header, expected) => {
    const source = new CreatorsProductSource({ credentialId: uniqueClient(), credentialSecret: "s", version: "3.1", partnerTag: "ranklayer-20", timeoutMs: 4000 });
    const asin = newAsin();
    await control("script", { asin, behavior, ...(header === undefined ? {} : { retryAfter: header }) });
    const error = await source.getItems([asin], "US").then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe(behavior === "throttled" ? "throttled" : "unavailable");
    expect((error as UpstreamError).retryAfterSeconds).toBe(expected);
    const answered = await calls({ kind: "getItems", asin });
    expect(answered.map((call) => call.status)).toEqual([behavior === "throttled" ? 429 : 503]);
  });
});
