import { env } from "cloudflare:test";

interface ConnectionRow {
  id: string;
  workspaceId: string;
  sellingPartnerId: string;
  region: "na" | "eu" | "fe";
  name: string;
  /** A sample client (demo), a disconnected one, or connected: a sealed grant given at `grantedAt`. */
  status: "demo" | "disconnected" | { grantedAt: string };
}

/** One seller account of a workspace, written straight to D1 so the test picks its id, seller and state. */
export async function insertConnection(row: ConnectionRow): Promise<void> {
  const granted = typeof row.status === "object" ? row.status : null;
  await env.DB.prepare(
    "INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status, refresh_token_ciphertext, key_id, granted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(row.id, row.workspaceId, row.sellingPartnerId, row.region, row.name, granted ? "connected" : row.status, granted && "sealed", granted && "k1", granted?.grantedAt ?? null)
    .run();
}
