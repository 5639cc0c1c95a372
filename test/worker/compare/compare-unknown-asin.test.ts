import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import type { CompareResponse } from "../../../worker/contract/compare";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "../lookup/live-env";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a compare with one ASIN Amazon answers 404 ResourceNotFound for", () => {
  it("still answers the other ASINs (asked for again without it), and that one as not found", async () => {
    const clientId = uniqueClient();
    const [dead, ...good] = [newAsin(), newAsin(), newAsin(), newAsin()];
    // Amazon fails the whole batch with 404 naming the unknown ASIN: it says nothing about the others.
    await control("script", { asin: dead, behavior: "resource_not_found" });
    const ctx = createExecutionContext();
    const res = await app.request(`/api/v1/compare?asins=${[dead, ...good].join(",")}`, { headers: { "CF-Connecting-IP": "198.51.100.201" } }, liveEnv(clientId), ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const body = await res.json<CompareResponse>();
    expect(body.items[0]).toMatchObject({ asin: dead, ok: false, error: "not_found" });
    expect(body.items.slice(1)).toEqual(good.map((asin) => expect.objectContaining({ asin, ok: true, product: expect.objectContaining({ source: "live" }) })));
    const getItems = await calls({ kind: "getItems", clientId });
    expect(getItems.map((call) => call.itemIds)).toEqual([[dead, ...good], good]);
  });
});
