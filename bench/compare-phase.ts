import { seededSessionCookie } from "./dashboard-seed.ts";
import { proSession } from "./pro-session.ts";

/**
 * The compare phases of `npm run bench`: a Pro browser (the seeded Pro seller) for compares of 10,
 * which anonymous visitors may not make, and the ten ASINs of each phase.
 */

/** Cookies of the seeded Pro seller's browser (session and XSRF token), as one Cookie header. */
export async function proCookies(appUrl: string): Promise<string> {
  return (await proSession(appUrl, await seededSessionCookie(1_000))).cookie();
}

/** Ten distinct ASINs with a prefix, e.g. B0CMPC0000…B0CMPC0009. */
export function tenAsins(prefix: string): string[] {
  return Array.from({ length: 10 }, (_, i) => `${prefix}${String(i).padStart(10 - prefix.length, "0")}`);
}

export function compareUrl(appUrl: string, asins: readonly string[]): string {
  return `${appUrl}/api/v1/compare?asins=${asins.join(",")}&marketplace=US`;
}
