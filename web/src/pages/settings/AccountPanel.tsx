import { Link } from "../../components/Link";
import { fetchSubscription } from "../../api/billing";
import { useResource } from "../../api/use-resource";
import { PastDueBanner } from "../../components/PastDueBanner";
import type { ConnectionStatus, UserStatus } from "@contract/account";
import { MarketplaceBrandFacts } from "../../components/MarketplaceBrandFacts";
import { SignOutButton } from "../../components/SignOutButton";
import { fetchAccount } from "../../api/account-overview";
import { SignedInBrowsers } from "./SignedInBrowsers";
import { SignInMethods } from "./SignInMethods";
import { YourData } from "./YourData";
import "../../styles/facts.css";

/** The signed-in account, the way to change its preferences, its ways in and data, and Sign out. */
export function AccountPanel({ user, connection }: { user: UserStatus; connection: ConnectionStatus | null }) {
  const [subscription, reload] = useResource(fetchSubscription);
  const [account, reloadAccount] = useResource(fetchAccount);
  const email = account.status === "success" ? account.data.email : null;
  return (
    <div className="settings-panel">
      <h2>Account</h2>
      {subscription.status === "success" && <PastDueBanner subscription={subscription.data} />}
      <dl className="facts">
        <div>
          <dt>Signed in as</dt>
          <dd>{user.demo ? "Demo account" : (connection?.sellingPartnerId ?? email ?? "Seller account")}</dd>
        </div>
        <MarketplaceBrandFacts user={user} marketplaceTerm="Default marketplace" />
        <div>
          <dt>Plan</dt>
          <dd>
            {/* A plan that could not be read is said so, never guessed. */}
            {subscription.status === "success" && subscription.data.plan_name}
            {subscription.status === "loading" && "…"}
            {subscription.status === "error" && (
              <>
                <span className="field-error">Could not be read.</span>{" "}
                <button type="button" className="button button--secondary" onClick={reload}>
                  Try again
                </button>
              </>
            )}{" "}
            <Link to="/billing">Manage billing</Link>
          </dd>
        </div>
      </dl>
      <div className="connect__actions">
        <Link to="/onboarding" className="button button--secondary">
          Change marketplace or brand
        </Link>
        <SignOutButton className="button button--primary" />
      </div>
      {account.status === "success" && (
        <>
          <SignInMethods account={account.data} onChanged={reloadAccount} />
          {/* A demo account has one session, in one browser. */}
          {!account.data.demo && <SignedInBrowsers account={account.data} onChanged={reloadAccount} />}
          <YourData account={account.data} />
        </>
      )}
    </div>
  );
}
