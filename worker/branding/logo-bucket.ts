import type { LogoType } from "./branding-rules";

/** Logos in R2 (the BRANDING bucket): one object per upload, under the workspace's prefix. */
const keyOf = (workspaceId: string, logoId: string) => `logos/${workspaceId}/${logoId}`;

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
 * Deletes every logo object of a workspace that is gone (its branding row went with it, so
 * nothing serves them): workspace and account deletion. Pages of R2's list, as it answers at
 * most 1000 keys a call.
 */
export async function deleteWorkspaceLogos(bucket: R2Bucket, workspaceId: string): Promise<void> {
  for (let cursor: string | undefined; ; ) {
    const listed = await bucket.list({ prefix: `logos/${workspaceId}/`, cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return;
    cursor = listed.cursor;
  }
}
