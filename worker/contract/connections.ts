/** Seller connections as Settings → Connection Status and the pickers show them. Zod-free: the web imports it. */
import type { SellerRegion } from "./marketplaces";

export const CONNECTION_NAME_MAX_LENGTH = 60;

export type ConnectionStatusName = "connected" | "disconnected" | "demo";

/** The demo's sample client's seller id starts so (connections/connection-store.ts addSampleClient). */
export const SAMPLE_CLIENT_ID_PREFIX = "DEMO-CLIENT-";

export interface ConnectionView {
  id: string;
  /** What the workspace calls it ("Acme EU"). */
  name: string;
  sellingPartnerId: string;
  region: SellerRegion;
  status: ConnectionStatusName;
  grantedAt: string | null;
  /** When Amazon's authorization lapses (365 days after the grant); null without a grant. */
  renewalDueAt: string | null;
  /** Why it needs the user: Amazon refused it, it is disconnected, or the renewal is near. */
  needsAttention: string | null;
}

export interface ConnectionList {
  connections: ConnectionView[];
  /** More seller accounts connected than the plan connects (after a downgrade), in words; null within the plan. */
  beyondPlan: string | null;
}

export interface ConnectionStart {
  /** Seller Central's consent page; the state in it is bound to this browser and workspace. */
  authUrl: string;
}
