import { Link } from "./Link";
import type { UserStatus } from "@contract/account";
import type { AccountOverview } from "@contract/sign-in";
import { fetchAccount } from "../api/account-overview";
import { useResource } from "../api/use-resource";

/** Amazon is the account's only way in: a new browser could not sign in (routes/auth.ts, known-browser.ts). */
export const onlyAmazon = (account: AccountOverview) => account.waysIn.amazon && !account.waysIn.email && account.waysIn.passkeys === 0;

/**
 * On the pages an Amazon sign-in lands on (Seller Central, onboarding): an account that Amazon
 * alone signs in to is told, every time, that a new computer cannot reach it, and where to add an
 * email address or a passkey. Only a connected, non-demo account asks: no other can be Amazon-only.
 */
export function AddWayInNotice({ user }: { user: UserStatus }) {
  return user.connected && !user.demo ? <AmazonOnlyCheck /> : null;
}

function AmazonOnlyCheck() {
  const [account] = useResource(fetchAccount);
  if (account.status !== "success" || !onlyAmazon(account.data)) return null;
  return (
    <div className="seller-warning" role="note">
      <p>
        <strong>Only browsers you have signed in with before can open this account.</strong> Amazon sign-in does not prove on a new computer or phone
        that the seller account is yours. Add an email address or a passkey so you can always sign in.
      </p>
      <Link to="/settings#account" className="button button--primary">
        Add a way to sign in
      </Link>
    </div>
  );
}
