import type { UserRecord } from "../accounts/user-store";
import { upsertSellerUser } from "../accounts/user-store";
import { isRealSellerId } from "./account-rules";
import { accountOfSellerId, setSellerId } from "./seller-link-store";

export type SellerAccountResult = { ok: true; user: UserRecord } | { ok: false; detail: string };

/** Whether an Amazon sign-in connects the seller to the signed-in account (one made by email, with no seller yet) rather than landing in the seller's own. */
export function connectsToSignedInAccount(signedIn: UserRecord): boolean {
  return !signedIn.isDemo && !isRealSellerId(signedIn.sellingPartnerId);
}

/**
 * The account an Amazon sign-in lands in. Signed in with an account that has no seller yet
 * (made by email), the seller is connected to THAT account, unless the seller id already
 * belongs to another account: then nothing changes and the answer says so (accounts are never
 * merged silently). Otherwise, as before: the seller's own account, created on first sign-in.
 */
export async function sellerAccountFor(db: D1Database, signedIn: UserRecord | null, sellingPartnerId: string): Promise<SellerAccountResult> {
  if (!signedIn || !connectsToSignedInAccount(signedIn)) {
    return { ok: true, user: await upsertSellerUser(db, sellingPartnerId) };
  }
  const owner = await accountOfSellerId(db, sellingPartnerId);
  if (owner && owner.id !== signedIn.id) return { ok: false, detail: alreadyConnected(sellingPartnerId) };
  const user = await setSellerId(db, signedIn.id, sellingPartnerId, new Date().toISOString());
  return user ? { ok: true, user } : { ok: false, detail: alreadyConnected(sellingPartnerId) };
}

const alreadyConnected = (sellingPartnerId: string) =>
  `Seller account ${sellingPartnerId} is already connected to another RankLayer account, so it was not connected to this one. ` +
  "Nothing was changed. Sign in to that account with Amazon, or delete it first.";
