import { SignJWT } from "jose";
import type { Deployment } from "../config";
import type { Marketplace } from "../contract/marketplaces";
import { signingKey, verifySignedToken } from "../auth/signing-key";
import { hmacSha256, toHex } from "../shared/hmac";

/**
 * A compare's receipt: which ASINs of a marketplace a payer has just paid a lookup for. The
 * compare's export presents it, so exporting what was just compared does not take those lookups
 * again (docs/adr/0021-compare-receipt-for-its-export.md). It names the payer by a keyed hash (an
 * anonymous payer's key is its network address, and the receipt travels in a URL), and works for
 * an hour: after that a file is a new look.
 */
export const RECEIPT_LIFETIME_SECONDS = 60 * 60;
const RECEIPT_AUDIENCE = "ranklayer:compare-receipt";

/** Keyed, so the receipt's payer cannot be recovered from it (an address's hash alone could be reversed by trying them all). */
const payerHash = async (deployment: Deployment, payerKey: string) => toHex(await hmacSha256(await signingKey(deployment), `compare-receipt:${payerKey}`)).slice(0, 32);

export async function issueCompareReceipt(
  deployment: Deployment,
  payerKey: string,
  marketplace: Marketplace,
  paidAsins: readonly string[],
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ pk: await payerHash(deployment, payerKey), mkt: marketplace, asins: [...paidAsins] })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(RECEIPT_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + RECEIPT_LIFETIME_SECONDS)
    .sign(await signingKey(deployment));
}

/**
 * The ASINs `receipt` says this payer paid for in `marketplace`; none when it does not hold (forged,
 * expired, another payer's or marketplace's): the export then pays for every ASIN, as without one.
 */
export async function paidAsinsOf(deployment: Deployment, receipt: string | undefined, payerKey: string, marketplace: Marketplace): Promise<ReadonlySet<string>> {
  if (!receipt) return new Set();
  try {
    const claims = await verifySignedToken(deployment, receipt, RECEIPT_AUDIENCE);
    if (claims.pk !== (await payerHash(deployment, payerKey)) || claims.mkt !== marketplace || !Array.isArray(claims.asins)) return new Set();
    return new Set(claims.asins.filter((asin): asin is string => typeof asin === "string"));
  } catch {
    return new Set();
  }
}
