import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readAttention } from "../../../worker/attention/attention-store";
import { newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv, lookup } from "./live-env";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM upstream_attention").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a refresh Amazon refuses for good while a copy under 24 h old exists", () => {
  it("answers the copy, and still marks the store as needing attention", async () => {
    const clientId = uniqueClient();
    const asin = newAsin();
    expect((await lookup(`asin=${asin}`, liveEnv(clientId))).status).toBe(200);
    // The operator sets a tag of another store: every refresh is refused (400 InvalidPartnerTag).
    const refused = liveEnv(clientId, { CREATORS_US_PARTNER_TAG: "ranklayer-ca-20", LOOKUP_REFRESH_AFTER_SECONDS: "0" });
    const res = await lookup(`asin=${asin}`, refused);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ asin, source: "cache" });
    expect(await readAttention(env.DB, "marketplace")).toEqual([
      expect.objectContaining({ key: "US", code: "InvalidPartnerTag", setting: "ranklayer-ca-20" }),
    ]);
  });
});
