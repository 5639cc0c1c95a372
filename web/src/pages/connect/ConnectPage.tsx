import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import type { AccountMarketplace, AuthUrlResponse, UserStatus } from "@contract/account";
// From user-status, which (unlike account) is free of zod: the page's chunk then loads without the validator.
import { ACCOUNT_MARKETPLACES } from "@contract/user-status";
import { NEXT_PARAM, safeNextPath } from "../../lib/next-path";
import { useSession } from "../../state/session";
import { DemoSignIn } from "./DemoSignIn";
import { useAuthOptions } from "./use-auth-options";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import "../../styles/seller.css";

/** /connect: Login with Amazon when SP-API is configured, the demo account otherwise. */
export function ConnectPage() {
  const { user } = useSession();
  // Sellers authorize in their own region's Seller Central, so the sign-in URL depends on it.
  const [marketplace, setMarketplace] = useState<AccountMarketplace>("US");
  // Where a page that asked for sign-in (e.g. /extension/connect) wants the visitor back; same-origin paths only.
  const next = safeNextPath(useSearchParams()[0].get(NEXT_PARAM));
  const auth = useAuthOptions(marketplace, next);

  return (
    <section className="container seller-page">
      <div className="card connect">
        <h1>Connect Seller Central</h1>
        <p>
          Connect your Amazon seller account through Login with Amazon to unlock the Pro tools. Access is read-only:
          RankLayer never changes your listings, and your authorization is stored encrypted.
        </p>
        {!user?.authenticated && (
          <p className="seller-muted">
            No seller account?{" "}
            <Link to={next === null ? "/signin" : `/signin?${new URLSearchParams({ [NEXT_PARAM]: next })}`}>Sign in with your email</Link> for a
            free account and API keys.
          </p>
        )}
        {user === null || auth.options === null ? (
          <LoadingButton />
        ) : (
          <ConnectOptions
            user={user}
            options={auth.options}
            reloading={auth.loading}
            marketplace={marketplace}
            onMarketplaceChange={setMarketplace}
            next={next}
          />
        )}
      </div>
    </section>
  );
}

function LoadingButton() {
  return (
    <button type="button" className="button button--primary" disabled>
      Loading...
    </button>
  );
}

interface ConnectOptionsProps {
  user: UserStatus;
  options: AuthUrlResponse;
  /** A new sign-in URL is loading for a newly chosen marketplace. */
  reloading: boolean;
  marketplace: AccountMarketplace;
  onMarketplaceChange: (marketplace: AccountMarketplace) => void;
  /** A safe same-origin path to return to after signing in, or null. */
  next: string | null;
}

function ConnectOptions({ user, options, reloading, marketplace, onMarketplaceChange, next }: ConnectOptionsProps) {
  if (user.connected) {
    return <SignedInNotice text="You're already signed in with a connected seller account." next={next} />;
  }

  const { authUrl, demoAvailable } = options;
  return (
    <>
      {user.authenticated && (
        <SignedInNotice
          text={
            user.demo
              ? "You're already signed in to the demo account. Connect a real seller account below to see your own data."
              : "You're already signed in, but no seller account is connected. Connect one below."
          }
          next={next}
        />
      )}
      {authUrl !== null ? (
        <>
          <MarketplaceSelect
            label="Where you sell"
            options={ACCOUNT_MARKETPLACES}
            value={marketplace}
            onChange={onMarketplaceChange}
            className="connect__marketplace"
          />
          <div className="connect__actions">
            {reloading ? (
              <LoadingButton />
            ) : (
              <a className="button button--primary" href={authUrl}>
                Sign in with Amazon
              </a>
            )}
            {demoAvailable && !user.demo && <DemoSignIn next={next} />}
          </div>
        </>
      ) : (
        <>
          <p className="seller-note">
            Amazon SP-API is not configured on this server, so RankLayer runs in mock mode. The demo account shows
            sample data from a mock seller API, not data from Amazon.
          </p>
          {!user.demo && <DemoSignIn next={next} />}
        </>
      )}
    </>
  );
}

function SignedInNotice({ text, next }: { text: string; next: string | null }) {
  return (
    <div className="seller-note seller-note--info">
      <p>{text}</p>
      {next !== null ? (
        <Link to={next} className="button button--secondary">
          Continue where you were
        </Link>
      ) : (
        <Link to="/seller-central" className="button button--secondary">
          Go to Seller Central
        </Link>
      )}
    </div>
  );
}
