import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { findUser } from "../../../../worker/accounts/user-store";
import { loadSettings } from "../../../../worker/accounts/settings-store";
import { connectSeller, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv, TestBrowser } from "../../support/seller-browser";
import { insertWatchlist, resetRunState, runSlicesToEnd, virtualClock } from "./support";
import { buildServices } from "../../../../worker/services";
import { checkStatus } from "../../../../worker/status/checks";

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

describe("Amazon expires the app's own client secret (rotated every 180 days)", () => {
  it("stops every seller at once without retries, marks no seller, and says on /status what the operator must do", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const sellers = [await connected(bindings), await connected(bindings)];
    for (const { userId } of sellers) await insertWatchlist(userId, [{ marketplace: "US", asin: "B00CGZQU42" }]);
    // The secret the app holds is no longer the one Amazon accepts.
    await fakeControl(LWA_FAKE, "clients", { clientId: bindings.LWA_CLIENT_ID, secret: "rotated-in-seller-central" });
    const grantsBefore = await lwaGrants(bindings.LWA_CLIENT_ID!);

    await runSlicesToEnd(bindings, DAY, { clock: virtualClock(START) });

    // One refused grant per seller and phase at most: no batch was retried five times.
    const refused = (await lwaGrants(bindings.LWA_CLIENT_ID!)) - grantsBefore;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(sellers.length * 3);
    for (const { userId } of sellers) {
      expect((await loadSettings(env.DB, (await findUser(env.DB, userId))!)).connection.needsAttention).toBeUndefined();
    }
    const status = await checkStatus(buildServices(bindings));
    expect(status.components.find((component) => component.id === "selling_partner")).toMatchObject({
      status: "failing",
      detail: expect.stringMatching(/^Login with Amazon refused RankLayer's app credentials.*set LWA_CLIENT_SECRET; no seller needs to reconnect\. Since 2026-11-22T/),
    });

    // The new secret set: the next night answers, and the mark goes.
    await fakeControl(LWA_FAKE, "clients", { clientId: bindings.LWA_CLIENT_ID, secret: bindings.LWA_CLIENT_SECRET });
    await resetRunState();
    await runSlicesToEnd(bindings, "2026-11-23", { clock: virtualClock(START + 86_400_000) });
    expect((await checkStatus(buildServices(bindings))).components.find((component) => component.id === "selling_partner")?.status).toBe("operational");
  });
});

/** Token requests the LWA fake received for this app. */
async function lwaGrants(clientId: string): Promise<number> {
  const res = await fetch(`https://${LWA_FAKE}/__control/calls?clientId=${encodeURIComponent(clientId)}`);
  return ((await res.json()) as { calls: unknown[] }).calls.length;
}
