import { describe, expect, it } from "vitest";
import type { ConnectionRecord } from "../../../worker/connections/connection-store";
import { connectionView } from "../../../worker/connections/connection-view";
import { defaultConnectionName } from "../../../worker/connections/grant-rules";

const NOW = Date.parse("2026-11-26T00:00:00.000Z");
const row = (overrides: Partial<ConnectionRecord> = {}): ConnectionRecord => ({
  id: "c1",
  workspaceId: "w1",
  sellingPartnerId: "A1SELLER",
  region: "eu",
  name: "Acme EU",
  refreshTokenCiphertext: "sealed",
  keyId: "k1",
  grantedAt: "2026-06-01T00:00:00.000Z",
  status: "connected",
  marketplaces: null,
  createdAt: "2026-06-01T00:00:00.000Z",
  updatedAt: "2026-06-01T00:00:00.000Z",
  ...overrides,
});

describe("connectionView (what Settings shows of a connection)", () => {
  it("shows a healthy connection with its renewal date and nothing to do", () => {
    expect(connectionView(row(), null, NOW)).toEqual({
      id: "c1",
      name: "Acme EU",
      sellingPartnerId: "A1SELLER",
      region: "eu",
      status: "connected",
      grantedAt: "2026-06-01T00:00:00.000Z",
      renewalDueAt: "2027-06-01T00:00:00.000Z",
      needsAttention: null,
    });
  });

  it("says why it needs attention: Amazon's refusal first, then a renewal within 30 days, and a disconnected one", () => {
    expect(connectionView(row(), "Amazon refused the grant: reconnect.", NOW).needsAttention).toBe("Amazon refused the grant: reconnect.");
    expect(connectionView(row({ grantedAt: "2025-12-10T00:00:00.000Z" }), null, NOW).needsAttention).toBe(
      "Amazon's authorization lapses on 2026-12-10. Reconnect to renew it.",
    );
    const gone = connectionView(row({ status: "disconnected", refreshTokenCiphertext: null, keyId: null, grantedAt: null }), null, NOW);
    expect([gone.renewalDueAt, gone.needsAttention]).toEqual([null, "Disconnected: no authorization is stored. Reconnect to resume its data."]);
    expect(connectionView(row({ status: "demo", grantedAt: null }), "ignored", NOW).needsAttention).toBeNull();
  });

  it("names a new connection after its label and region", () => {
    expect(defaultConnectionName("  Acme Brands ", "eu")).toBe("Acme Brands EU");
    expect(defaultConnectionName(" ", "fe")).toBe("Seller FE");
  });
});
