import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { findUser } from "../../../../worker/accounts/user-store";
import { loadSettings } from "../../../../worker/accounts/settings-store";
import { connectSeller, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv, TestBrowser } from "../../support/seller-browser";
import { insertWatchlist, resetRunState, runSlicesToEnd, virtualClock } from "./support";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(resetRunState);

async function connected(bindings: Bindings) {
  const seller = await connectSeller(new TestBrowser(bindings), {});
  const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
  return { ...seller, userId: user!.id };
}

describe("a seller Amazon refuses for good", () => {
  it("shows as needing attention in that seller's Settings → Connection Status, and only there", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const revoked = await connected(bindings);
    const healthy = await connected(bindings);
    for (const userId of [revoked.userId, healthy.userId]) await insertWatchlist(userId, [{ marketplace: "US", asin: "B00CGZQU42" }]);
    await fakeControl(LWA_FAKE, "revoke", { refreshToken: revoked.refreshToken });

    await runSlicesToEnd(bindings, DAY, { clock: virtualClock(START) });

    const refused = await loadSettings(env.DB, (await findUser(env.DB, revoked.userId))!);
    expect(refused.connection).toMatchObject({
      connected: true,
      needsAttention: { code: "HTTP 403", detail: expect.stringContaining("reconnect"), since: expect.stringMatching(/^2026-11-22T/) },
    });
    const fine = await loadSettings(env.DB, (await findUser(env.DB, healthy.userId))!);
    expect(fine.connection.connected).toBe(true);
    expect(fine.connection.needsAttention).toBeUndefined();
  });
});
