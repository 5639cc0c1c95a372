import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "./Link";
import type { UserStatus } from "@contract/account";
import { signInPathReturningTo } from "../lib/next-path";
import { useSession } from "../state/session";
import "../styles/seller.css";

interface RequireSignInProps {
  /** The page's heading, shown on the sign-in prompt too. */
  title: string;
  /** Why signing in is needed here, for the prompt. */
  reason: string;
  children: (user: UserStatus) => ReactNode;
}

/**
 * Renders a signed-in page for a signed-in user, and a prompt to /connect for anyone else that
 * brings them back to this very page (its query too) once they have signed in. While the status
 * is unknown (loading, or the server unreachable: AppLayout says so), neither: "Checking your account…".
 */
export function RequireSignIn({ title, reason, children }: RequireSignInProps) {
  const { user } = useSession();
  const location = useLocation();

  if (user === null) {
    return (
      <div className="container seller-page">
        <p className="seller-muted" role="status">
          Checking your account…
        </p>
      </div>
    );
  }

  if (!user.authenticated) {
    return (
      <section className="container seller-page">
        <div className="card seller-prompt">
          <h1>{title}</h1>
          <p>{reason}</p>
          <Link to={signInPathReturningTo(`${location.pathname}${location.search}`)} className="button button--primary">
            Connect Seller Central
          </Link>
        </div>
      </section>
    );
  }

  return children(user);
}
