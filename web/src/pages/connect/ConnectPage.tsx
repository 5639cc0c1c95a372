import { Link } from "react-router-dom";
import type { AuthUrlResponse, UserStatus } from "../../../../worker/schemas/account";
import { useSession } from "../../state/session";
import { DemoSignIn } from "./DemoSignIn";
import { useAuthOptions } from "./use-auth-options";
import "../../styles/seller.css";

/** /connect: Login with Amazon when SP-API is configured, the demo account otherwise. */
export function ConnectPage() {
  const { user } = useSession();
  const options = useAuthOptions();

  return (
    <section className="container seller-page">
      <div className="card connect">
        <h1>Connect Seller Central</h1>
        <p>
          Connect your Amazon seller account through Login with Amazon to unlock the Pro tools. Access is read-only:
          RankLayer never changes your listings, and your authorization is stored encrypted.
        </p>
        {user === null || options === null ? (
          <button type="button" className="button button--primary" disabled>
            Loading...
          </button>
        ) : (
          <ConnectOptions user={user} options={options} />
        )}
      </div>
    </section>
  );
}

function ConnectOptions({ user, options }: { user: UserStatus; options: AuthUrlResponse }) {
  if (user.connected) {
    return <SignedInNotice text="You're already signed in with a connected seller account." />;
  }

  return (
    <>
      {user.authenticated && (
        <SignedInNotice
          text={
            user.demo
              ? "You're already signed in to the demo account. Connect a real seller account below to see your own data."
              : "You're already signed in, but no seller account is connected. Connect one below."
          }
        />
      )}
      {options.authUrl !== null ? (
        <div className="connect__actions">
          <a className="button button--primary" href={options.authUrl}>
            Sign in with Amazon
          </a>
          {options.demoAvailable && !user.demo && <DemoSignIn />}
        </div>
      ) : (
        <>
          <p className="seller-note">
            Amazon SP-API is not configured on this server, so RankLayer runs in mock mode. The demo account shows
            sample data from a mock seller API, not data from Amazon.
          </p>
          {!user.demo && <DemoSignIn />}
        </>
      )}
    </>
  );
}

function SignedInNotice({ text }: { text: string }) {
  return (
    <div className="seller-note seller-note--info">
      <p>{text}</p>
      <Link to="/seller-central" className="button button--secondary">
        Go to Seller Central
      </Link>
    </div>
  );
}
