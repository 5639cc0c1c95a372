import type { ConnectionView } from "@contract/connections";

/** A workspace's connected US seller account, as `GET /api/connections` lists it. */
export const US_CONNECTION: ConnectionView = {
  id: "c-us",
  name: "Acme US",
  sellingPartnerId: "A1ACMEUS",
  region: "na",
  status: "connected",
  grantedAt: "2026-06-01T00:00:00.000Z",
  renewalDueAt: "2027-06-01T00:00:00.000Z",
  needsAttention: null,
};

/** A second seller account, in the EU, named `name`. */
export const euConnection = (name: string, extra: Partial<ConnectionView> = {}): ConnectionView => ({
  ...US_CONNECTION,
  id: "c-eu",
  name,
  sellingPartnerId: name === "Beta EU" ? "A2BETAEU" : "A2ACMEEU",
  region: "eu",
  ...extra,
});
