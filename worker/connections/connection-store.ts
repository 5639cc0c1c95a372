import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts, sellerConnections } from "../db/schema";
import { SAMPLE_CLIENT_ID_PREFIX } from "../contract/connections";

/**
 * The D1 side of seller connections (docs/amazon.md#several-seller-accounts): one row per
 * workspace, Amazon seller id and region, holding the sealed refresh token while connected.
 */
export type ConnectionRecord = typeof sellerConnections.$inferSelect;

export interface SealedGrant {
  refreshTokenCiphertext: string;
  keyId: string;
  grantedAt: string;
}

const nowIso = () => new Date().toISOString();

/** The workspace's connections, oldest first (the first connected one is its "primary" seller). */
export async function listConnections(db: D1Database, workspaceId: string): Promise<ConnectionRecord[]> {
  return drizzle(db)
    .select()
    .from(sellerConnections)
    .where(eq(sellerConnections.workspaceId, workspaceId))
    .orderBy(asc(sellerConnections.createdAt), asc(sellerConnections.id));
}

/** Workspaces with two or more seller connections (agencies), most connections first. */
export async function workspacesWithClients(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT workspace_id FROM seller_connections GROUP BY workspace_id HAVING count(*) >= 2 ORDER BY count(*) DESC, workspace_id")
    .all<{ workspace_id: string }>();
  return results.map((row) => row.workspace_id);
}

/** One connection, only when it belongs to the workspace (another workspace's id reads as absent). */
export async function findConnection(db: D1Database, workspaceId: string, connectionId: string): Promise<ConnectionRecord | null> {
  const [row] = await drizzle(db)
    .select()
    .from(sellerConnections)
    .where(and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.id, connectionId)))
    .limit(1);
  return row ?? null;
}

export async function findConnectionById(db: D1Database, connectionId: string): Promise<ConnectionRecord | null> {
  const [row] = await drizzle(db).select().from(sellerConnections).where(eq(sellerConnections.id, connectionId)).limit(1);
  return row ?? null;
}

export async function findConnectionOfSeller(
  db: D1Database,
  workspaceId: string,
  sellingPartnerId: string,
  region: string,
): Promise<ConnectionRecord | null> {
  const [row] = await drizzle(db)
    .select()
    .from(sellerConnections)
    .where(
      and(
        eq(sellerConnections.workspaceId, workspaceId),
        eq(sellerConnections.sellingPartnerId, sellingPartnerId),
        eq(sellerConnections.region, region),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface NewGrant {
  workspaceId: string;
  sellingPartnerId: string;
  region: string;
  /** Used only when the seller is new to the workspace. */
  name: string;
  /** The id a new connection gets (the token is sealed to it before this is called). */
  id: string;
  grant: SealedGrant;
}

/**
 * Stores a grant: a new connection, or a new token (reconnect) on the workspace's existing
 * connection of that seller and region, which keeps its id, name and data. The caller seals
 * the token to the id `connectionIdFor` answers. The plan's `limit` (null: none) is checked by
 * the same statement: the seller is stored when the workspace already has it connected (a
 * renewal adds none) or has fewer than `limit` connected. D1 runs one statement at a time, so
 * Connects finished at the same instant cannot pass the check together. Null when the limit
 * refused it.
 */
export async function saveGrant(db: D1Database, input: NewGrant, limit: number | null): Promise<ConnectionRecord | null> {
  const { grant } = input;
  const stored = await db
    .prepare(
      `INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, refresh_token_ciphertext, key_id, granted_at, status)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'connected'
       WHERE ?9 IS NULL
          OR EXISTS (SELECT 1 FROM seller_connections WHERE workspace_id = ?2 AND selling_partner_id = ?3 AND region = ?4 AND status = 'connected')
          OR (SELECT count(*) FROM seller_connections WHERE workspace_id = ?2 AND status = 'connected') < ?9
       ON CONFLICT (workspace_id, selling_partner_id, region) DO UPDATE SET
         refresh_token_ciphertext = excluded.refresh_token_ciphertext, key_id = excluded.key_id,
         granted_at = excluded.granted_at, status = 'connected', updated_at = ?10
       RETURNING id`,
    )
    .bind(input.id, input.workspaceId, input.sellingPartnerId, input.region, input.name, grant.refreshTokenCiphertext, grant.keyId, grant.grantedAt, limit, nowIso())
    .first<{ id: string }>();
  return stored ? findConnectionById(db, stored.id) : null;
}

/**
 * A Reconnect's grant: a new token on that one connection, only while it is still the
 * workspace's and of this seller and region. It never inserts (a Reconnect adds no seller
 * account). A disconnected one coming back must fit the plan's `limit` (null: none), checked
 * in the same statement. Null when the connection is gone or the limit refused it.
 */
export async function renewGrant(
  db: D1Database,
  connection: Pick<ConnectionRecord, "id" | "workspaceId" | "sellingPartnerId" | "region">,
  grant: SealedGrant,
  limit: number | null,
): Promise<ConnectionRecord | null> {
  const connectedInWorkspace = sql`(SELECT count(*) FROM ${sellerConnections} WHERE ${sellerConnections.workspaceId} = ${connection.workspaceId} AND ${sellerConnections.status} = 'connected')`;
  const fits = limit === null ? undefined : or(eq(sellerConnections.status, "connected"), sql`${connectedInWorkspace} < ${limit}`);
  const [row] = await drizzle(db)
    .update(sellerConnections)
    .set({ ...grant, status: "connected", updatedAt: nowIso() })
    .where(
      and(
        eq(sellerConnections.id, connection.id),
        eq(sellerConnections.workspaceId, connection.workspaceId),
        eq(sellerConnections.sellingPartnerId, connection.sellingPartnerId),
        eq(sellerConnections.region, connection.region),
        fits,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The id a grant of this seller and region in this workspace is stored under: the existing
 * connection's, else `preferred` when free (a personal workspace's first seller takes the
 * workspace's id, as migration 0120 gave today's), else a new one.
 */
export async function connectionIdFor(
  db: D1Database,
  workspaceId: string,
  sellingPartnerId: string,
  region: string,
  preferred?: string,
): Promise<string> {
  const existing = await findConnectionOfSeller(db, workspaceId, sellingPartnerId, region);
  if (existing) return existing.id;
  if (preferred && !(await findConnectionById(db, preferred))) return preferred;
  return crypto.randomUUID();
}

export async function renameConnection(db: D1Database, workspaceId: string, connectionId: string, name: string): Promise<ConnectionRecord | null> {
  const [row] = await drizzle(db)
    .update(sellerConnections)
    .set({ name, updatedAt: nowIso() })
    .where(and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.id, connectionId)))
    .returning();
  return row ?? null;
}

/**
 * Removes the connection: its token, (ON DELETE CASCADE) its seller snapshots and revenue, and
 * the alerts scoped to it. Those go in the same batch, first: the foreign key would otherwise set
 * their connection to null, widening "stock of this client" to "stock of any connection".
 * Their past notifications stay, as when an alert is deleted.
 */
export async function deleteConnection(db: D1Database, workspaceId: string, connectionId: string): Promise<boolean> {
  const orm = drizzle(db);
  const [, deleted] = await orm.batch([
    orm.delete(alerts).where(and(eq(alerts.workspaceId, workspaceId), eq(alerts.connectionId, connectionId))),
    orm
      .delete(sellerConnections)
      .where(and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.id, connectionId)))
      .returning({ id: sellerConnections.id }),
  ]);
  return deleted.length > 0;
}

/** Erases one connection's token; the connection and its data stay, `disconnected` (the one-seller disconnect of Settings' first panel). */
export async function eraseToken(db: D1Database, workspaceId: string, connectionId: string): Promise<void> {
  await drizzle(db)
    .update(sellerConnections)
    .set({ refreshTokenCiphertext: null, keyId: null, grantedAt: null, status: "disconnected", updatedAt: nowIso() })
    .where(and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.id, connectionId), eq(sellerConnections.status, "connected")));
}

/**
 * The token re-encrypted under a newer key (the grant itself is unchanged), unless the row changed
 * since `from` was read: a reconnect wrote a new grant, a disconnect erased it. True when replaced.
 */
export async function replaceConnectionCiphertext(db: D1Database, connectionId: string, from: string, sealed: { ciphertext: string; keyId: string }): Promise<boolean> {
  const replaced = await drizzle(db)
    .update(sellerConnections)
    .set({ refreshTokenCiphertext: sealed.ciphertext, keyId: sealed.keyId, updatedAt: nowIso() })
    .where(and(eq(sellerConnections.id, connectionId), eq(sellerConnections.refreshTokenCiphertext, from)))
    .returning({ id: sellerConnections.id });
  return replaced.length > 0;
}

/** Tokens of connections after `afterId` sealed under another key than `keyId`, by id (the nightly re-seal). */
export async function tokensSealedOtherwise(db: D1Database, keyId: string, afterId: string, limit: number): Promise<{ rowId: string; ciphertext: string }[]> {
  const rows = await drizzle(db)
    .select({ rowId: sellerConnections.id, ciphertext: sellerConnections.refreshTokenCiphertext })
    .from(sellerConnections)
    .where(
      and(
        gt(sellerConnections.id, afterId),
        isNotNull(sellerConnections.refreshTokenCiphertext),
        or(isNull(sellerConnections.keyId), ne(sellerConnections.keyId, keyId)),
      ),
    )
    .orderBy(asc(sellerConnections.id))
    .limit(limit);
  return rows.filter((row): row is { rowId: string; ciphertext: string } => row.ciphertext !== null);
}

/**
 * A demo workspace's sample client: a second mock seller in the EU region, so the demo shows
 * several seller accounts (the aggregated portfolio in two currencies). Once per workspace.
 */
export async function addSampleClient(db: D1Database, workspaceId: string): Promise<ConnectionRecord> {
  const sellingPartnerId = `${SAMPLE_CLIENT_ID_PREFIX}${workspaceId}`.slice(0, 64);
  const [row] = await drizzle(db)
    .insert(sellerConnections)
    .values({ id: crypto.randomUUID(), workspaceId, sellingPartnerId, region: "eu", name: "Sample client EU", status: "demo" })
    .onConflictDoUpdate({
      target: [sellerConnections.workspaceId, sellerConnections.sellingPartnerId, sellerConnections.region],
      set: { updatedAt: nowIso() },
    })
    .returning();
  if (!row) throw new Error("adding the sample client returned no row");
  return row;
}
