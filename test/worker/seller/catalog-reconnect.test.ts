import { beforeEach, describe, expect, it, vi } from "vitest";
import { agencyWithClient } from "../support/agency-client";
import { consentAs, fakeControl, LWA_FAKE, SPAPI_FAKE } from "../support/seller-browser";

/**
 * When Amazon refuses a seller connection's grant (the seller revoked the app, or a role is gone),
 * Seller Central's error says where that connection is renewed: its Reconnect in Settings →
 * Connection Status. Sign in with Amazon on /connect renews only the member's own seller in their
 * personal workspace, never an agency's client connection.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const asin = () => `B7${crypto.randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;

describe("Seller Central when Amazon refuses a connection's grant", () => {
  it("points to the connection's Reconnect in Settings → Connection Status, which renews it", async () => {
    const { agency, client, clientSeller, clientGrant } = await agencyWithClient();
    await fakeControl(LWA_FAKE, "revoke", { refreshToken: clientGrant });

    const refused = await agency.browser.request(`/api/sp/catalog-item?asin=${asin()}&marketplace=US&connection=${client.id}`);
    expect(refused.status).toBe(403);
    const { detail } = await refused.json<{ detail: string }>();
    expect(detail).toBe("Amazon no longer accepts this seller authorization. Reconnect it in Settings → Connection Status.");

    // The way it names works: the connection's Reconnect, consented by that seller, renews it.
    const reconnect = await agency.browser.request(`/api/connections/${client.id}/reconnect`, { method: "POST" });
    expect(reconnect.status).toBe(200);
    const renewed = await consentAs(agency.browser, (await reconnect.json<{ authUrl: string }>()).authUrl, clientSeller, `Atzr|${crypto.randomUUID()}`);
    expect(renewed.status).toBe(302);
    expect((await agency.browser.request(`/api/sp/catalog-item?asin=${asin()}&marketplace=US&connection=${client.id}`)).status).toBe(200);
  });

  it("says the same of a grant Amazon's SP-API refuses (a role taken away)", async () => {
    const { agency, client } = await agencyWithClient();
    const item = asin();
    await fakeControl(SPAPI_FAKE, "script", { asin: item, behavior: "forbidden" });
    const refused = await agency.browser.request(`/api/sp/catalog-item?asin=${item}&marketplace=US&connection=${client.id}`);
    expect(refused.status).toBe(403);
    expect((await refused.json<{ detail: string }>()).detail).toBe(
      "Amazon refused access for this seller account. Reconnect it in Settings → Connection Status, or check the app's SP-API roles.",
    );
  });
});
