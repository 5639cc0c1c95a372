import { beforeEach, describe, expect, it, vi } from "vitest";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv, lookup } from "./live-env";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a 429 whose Retry-After is a date in 2100", () => {
  it("pauses the credential for an hour at most, and the next lookup says when to retry without calling Amazon", async () => {
    const clientId = uniqueClient();
    const bindings = liveEnv(clientId);
    const throttled = newAsin();
    await control("script", { asin: throttled, behavior: "throttled", retryAfter: "Fri, 01 Jan 2100 00:00:00 GMT" });

    const first = await lookup(`asin=${throttled}`, bindings);
    expect(first.status).toBe(503);
    expect(Number(first.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);

    const next = await lookup(`asin=${newAsin()}`, bindings);
    expect(next.status).toBe(503);
    const wait = Number(next.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(((await next.json()) as { detail: string }).detail).toBe(`RankLayer is busy with other Amazon requests: retry in ${wait} s.`);
    expect(await calls({ kind: "getItems", clientId })).toHaveLength(1);
  });
});
