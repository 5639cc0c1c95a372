import { signingKey } from "../auth/signing-key";
import type { Deployment } from "../config";
import { hmacSha256, toHex } from "../shared/hmac";

/** An address's unsubscribe token for one workspace's report: an HMAC under the session signing key. */
export async function recipientUnsubscribeToken(deployment: Deployment, workspaceId: string, email: string): Promise<string> {
  return toHex(await hmacSha256(await signingKey(deployment), `report-recipient-unsubscribe:${workspaceId}:${email}`));
}

export async function isRecipientUnsubscribeToken(deployment: Deployment, workspaceId: string, email: string, token: string): Promise<boolean> {
  const expected = await recipientUnsubscribeToken(deployment, workspaceId, email);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return difference === 0;
}

export function recipientUnsubscribeUrl(siteOrigin: string, workspaceId: string, email: string, token: string): string {
  const url = new URL("/api/branding/recipients/unsubscribe", siteOrigin);
  url.searchParams.set("workspace", workspaceId);
  url.searchParams.set("email", email);
  url.searchParams.set("token", token);
  return url.href;
}
