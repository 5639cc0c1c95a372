import type { LogoType } from "./branding-rules";

/** Logos in R2 (the BRANDING bucket): one object per upload, under the workspace's prefix. */
const LOGOS_PREFIX = "logos/";
const prefixOf = (workspaceId: string) => `${LOGOS_PREFIX}${workspaceId}/`;
const keyOf = (workspaceId: string, logoId: string) => `${prefixOf(workspaceId)}${logoId}`;

export async function putLogo(bucket: R2Bucket, workspaceId: string, logoId: string, bytes: Uint8Array, type: LogoType): Promise<void> {
  await bucket.put(keyOf(workspaceId, logoId), bytes, { httpMetadata: { contentType: type } });
}

export async function getLogo(bucket: R2Bucket, workspaceId: string, logoId: string): Promise<ArrayBuffer | null> {
  const object = await bucket.get(keyOf(workspaceId, logoId));
  return object ? object.arrayBuffer() : null;
}

export async function deleteLogo(bucket: R2Bucket, workspaceId: string, logoId: string): Promise<void> {
  await bucket.delete(keyOf(workspaceId, logoId));
}

/**
 * Deletes the objects under `prefix` whose key `going` picks, one listed page at a time (a page
 * holds at most 1,000 keys, R2's most per delete).
 */
async function deleteListed(bucket: R2Bucket, prefix: string, going: (key: string) => boolean = () => true): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    const keys = page.objects.map((object) => object.key).filter(going);
    if (keys.length > 0) await bucket.delete(keys);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * The logos of deleted workspaces, after their rows: the rows are what the account's deletion
 * promises at once, and no page can show a logo once its row is gone. R2 is outside D1's cascade,
 * so without this a deleted workspace's (or account's) logo bytes would stay in the bucket for good.
 * A failure is logged.
 */
export async function deleteLogosOf(logos: R2Bucket, workspaceIds: Iterable<string>): Promise<void> {
  for (const workspaceId of workspaceIds) {
    await deleteListed(logos, prefixOf(workspaceId)).catch((error: unknown) => console.error(`logos of deleted workspace ${workspaceId} not deleted`, error));
  }
}

/**
 * The same for many workspaces at once (the nightly sweep of idle demo accounts): one listing of
 * every logo, not one per workspace, most of which have none.
 */
export async function deleteLogosOfMany(logos: R2Bucket, workspaceIds: readonly string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  const going = new Set(workspaceIds);
  // A key is logos/<workspace id>/<logo id>.
  const workspaceOf = (key: string) => key.slice(LOGOS_PREFIX.length, key.indexOf("/", LOGOS_PREFIX.length));
  await deleteListed(logos, LOGOS_PREFIX, (key) => going.has(workspaceOf(key))).catch((error: unknown) =>
    console.error(`logos of ${going.size} deleted workspaces not deleted`, error),
  );
}
