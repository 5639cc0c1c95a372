import { defaultConnectionName } from "./grant-rules";
import { encryptRefreshToken, type EncryptionKey } from "../auth/token-crypto";
import { connectionIdFor, saveGrant, type ConnectionRecord } from "./connection-store";

export interface WorkspaceGrant {
  workspaceId: string;
  sellingPartnerId: string;
  region: string;
  refreshToken: string;
  /** What a new connection is called ("Acme Brands EU") until renamed. */
  label: string;
  nowIso: string;
}

/**
 * Adds a seller to a workspace from a consent started inside it, or gives the workspace's
 * existing connection of that seller and region its new token (a reconnect keeps the id, name
 * and data). The token is sealed with the connection id as associated data, so a ciphertext
 * copied to another connection's row does not open.
 */
export async function connectToWorkspace(db: D1Database, keys: EncryptionKey[], grant: WorkspaceGrant): Promise<ConnectionRecord> {
  const id = await connectionIdFor(db, grant.workspaceId, grant.sellingPartnerId, grant.region);
  const sealedFor = async (connectionId: string) => {
    const sealed = await encryptRefreshToken(keys, connectionId, grant.refreshToken);
    return { refreshTokenCiphertext: sealed.ciphertext, keyId: sealed.keyId, grantedAt: grant.nowIso };
  };
  const input = { workspaceId: grant.workspaceId, sellingPartnerId: grant.sellingPartnerId, region: grant.region, name: defaultConnectionName(grant.label, grant.region) };
  const saved = await saveGrant(db, { ...input, id, grant: await sealedFor(id) });
  // Two consents of the same seller at once: the other one's row won, so seal to its id instead.
  return saved.id === id ? saved : saveGrant(db, { ...input, id: saved.id, grant: await sealedFor(saved.id) });
}
