import { signingKey } from "../auth/signing-key";
import type { Deployment } from "../config";
import { hmacSha256, toHex } from "../shared/hmac";

/** The weekly report's unsubscribe token of a user: an HMAC under the session signing key, so a link cannot be forged. */
export async function unsubscribeToken({ env, config }: Deployment, userId: string): Promise<string> {
  return toHex(await hmacSha256(await signingKey({ env, config }), `weekly-report-unsubscribe:${userId}`));
}

/** Compares in constant time. */
export async function isUnsubscribeToken({ env, config }: Deployment, userId: string, token: string): Promise<boolean> {
  const expected = await unsubscribeToken({ env, config }, userId);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return difference === 0;
}

/** The link in the email: the API answers it with a small confirmation page. `alerts`: the alert emails' link. */
export function unsubscribeUrl(siteOrigin: string, userId: string, token: string, report: "daily" | "weekly" | "alerts" = "weekly"): string {
  const url = new URL("/api/reports/unsubscribe", siteOrigin);
  url.searchParams.set("user", userId);
  url.searchParams.set("token", token);
  // The weekly link stays as it was (older emails); the others name what they stop.
  if (report !== "weekly") url.searchParams.set("report", report);
  return url.href;
}
