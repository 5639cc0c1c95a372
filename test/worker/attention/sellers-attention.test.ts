import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { markAttention, sellersAttention } from "../../../worker/attention/attention-store";

const mark = (scope: "seller" | "marketplace", key: string, detail: string) =>
  markAttention(env.DB, { scope, key, code: "Unauthorized", detail, setting: "lwa", nowIso: "2026-11-26T02:00:00.000Z" });

/** A connection list reads every connection's refusal at once: one map, whatever the number of connections. */
describe("sellersAttention", () => {
  it("answers the seller refusals of the keys asked for, and nothing of other scopes or keys", async () => {
    await mark("seller", "conn-a", "Amazon refused the token of seller A.");
    await mark("seller", "conn-c", "Amazon refused the token of seller C.");
    await mark("seller", "conn-other", "Not asked for.");
    await mark("marketplace", "conn-b", "Another scope with the same key.");

    const refusals = await sellersAttention(env.DB, ["conn-a", "conn-b", "conn-c"]);

    expect(Object.fromEntries(refusals)).toEqual({ "conn-a": "Amazon refused the token of seller A.", "conn-c": "Amazon refused the token of seller C." });
    expect((await sellersAttention(env.DB, [])).size).toBe(0);
  });

  it("reads past D1's 100 bound parameters: 250 connections", async () => {
    const keys = Array.from({ length: 250 }, (_, i) => `many-${i}`);
    for (const key of [keys[0]!, keys[120]!, keys[249]!]) await mark("seller", key, `refused ${key}`);

    const refusals = await sellersAttention(env.DB, keys);

    expect([...refusals.keys()].sort()).toEqual(["many-0", "many-120", "many-249"]);
  });
});
