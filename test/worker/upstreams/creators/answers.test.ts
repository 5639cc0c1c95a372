import { describe, expect, it, vi } from "vitest";
import { CreatorsProductSource } from "../../../../worker/upstreams/creators/client";
import { UpstreamError } from "../../../../worker/upstreams/creators/product-source";
import { control, newAsin, uniqueClient } from "../../support/creators-fake";

/** The client's reading of whole answers from the fake Creators API, as a compare of 10 ids sees them. */
function source() {
  return new CreatorsProductSource({ credentialId: uniqueClient(), credentialSecret: "s", version: "3.1", partnerTag: "ranklayer-20", timeoutMs: 4000 });
}

const item = (asin: string, title = `Product ${asin}`) => ({
  asin,
  detailPageURL: `https://www.amazon.com/dp/${asin}`,
  itemInfo: { title: { displayValue: title } },
  offersV2: { listings: [{ isBuyBoxWinner: true, price: { money: { amount: 20, currency: "USD" } } }] },
});

describe("Creators getItems answers, item by item", () => {
  it("in a batch of 10, an ASIN left out or answered twice is unavailable; the other 8 are products", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const asins = Array.from({ length: 10 }, () => newAsin());
    const [missing, twice, ...rest] = asins;
    const body = { itemsResult: { items: [...rest.map((asin) => item(asin)), item(twice!, "First"), item(twice!, "Second")] } };
    await control("script", { asin: asins[0], behavior: "raw", body });

    const outcomes = await source().getItems(asins, "US");
    expect([...outcomes.keys()]).toEqual(asins);
    expect(outcomes.get(missing!)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(outcomes.get(twice!)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(rest.every((asin) => outcomes.get(asin)?.ok === true)).toBe(true);
  });

  it("a 404 ResourceNotFoundException naming one ASIN of two: that one not_found, the other unavailable", async () => {
    const [known, unknown] = [newAsin(), newAsin()];
    await control("script", { asin: unknown, behavior: "resource_not_found" });
    const outcomes = await source().getItems([known!, unknown!], "US");
    expect(outcomes.get(unknown!)).toEqual({ ok: false, reason: "not_found", message: `The resource ${unknown} was not found.` });
    expect(outcomes.get(known!)).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("a 503 carries Amazon's Retry-After on the UpstreamError", async () => {
    const asin = newAsin();
    await control("script", { asin, behavior: "error503", retryAfterSeconds: 45 });
    const error = await source().getItems([asin], "US").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: "unavailable", retryAfterSeconds: 45 });
  });
});
