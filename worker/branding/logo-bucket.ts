import type { LogoType } from "./branding-rules";

/** Logos in R2 (the BRANDING bucket): one object per upload, under the workspace's prefix. */
const prefixOf = (workspaceId: string) => `logos/${workspaceId}/`;
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
 * Deletes every logo object of a workspace that is being deleted: R2 is outside D1's cascade,
 * so without this a deleted workspace's (or account's) logo bytes would stay in the bucket for good.
 */
async function deleteWorkspaceLogos(bucket: R2Bucket, workspaceId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: prefixOf(workspaceId), cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * The logos of deleted workspaces, after their rows: the rows are what the account's deletion
 * promises at once, and no page can show a logo once its row is gone. A failure is logged.
 */
export async function deleteLogosOf(logos: R2Bucket, workspaceIds: Iterable<string>): Promise<void> {
  for (const workspaceId of workspaceIds) {
    await deleteWorkspaceLogos(logos, workspaceId).catch((error: unknown) => console.error(`logos of deleted workspace ${workspaceId} not deleted`, error));
  }
}
