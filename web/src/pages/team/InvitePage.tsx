import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../api/api-error";
import { acceptInvitation } from "../../api/workspaces";
import { rememberAfterSignIn, signInPathReturningTo } from "../../lib/next-path";
import { useSession } from "../../state/session";
import "../../styles/seller.css";
import "../../styles/workspaces.css";

/**
 * /invite?token=…: the link from an invitation email. Signed out, it asks to sign in (by email,
 * with the invited address) and comes back here; signed in, one button accepts.
 */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { user } = useSession();
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "error"; message: string } | { kind: "joined"; name: string }>({ kind: "idle" });
  const here = `/invite?${new URLSearchParams({ token })}`;

  async function accept() {
    setState({ kind: "busy" });
    try {
      const joined = await acceptInvitation(token);
      setState({ kind: "joined", name: joined.workspaceName });
    } catch (failure) {
      setState({ kind: "error", message: errorMessage(failure, "The invitation could not be accepted. Please try again.") });
    }
  }

  return (
    <div className="container seller-page">
      <h1>Workspace invitation</h1>
      {user === null && <p className="seller-muted">Loading your account…</p>}
      {user !== null && !user.authenticated && (
        <>
          <p>Sign in with the email address this invitation was sent to. If you have no RankLayer account yet, signing in by email makes one.</p>
          <Link className="button button--primary" to="/signin" onClick={() => rememberAfterSignIn(here)}>
            Sign in by email
          </Link>{" "}
          <Link className="button button--secondary" to={signInPathReturningTo(here)}>
            Other ways to sign in
          </Link>
        </>
      )}
      {user?.authenticated && state.kind !== "joined" && (
        <>
          <p>Accept to join the workspace with the role you were invited with. You can switch between your workspaces in the header.</p>
          <button type="button" className="button button--primary" disabled={state.kind === "busy"} onClick={() => void accept()}>
            Accept invitation
          </button>
        </>
      )}
      {state.kind === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === "joined" && (
        <p role="status">
          You joined {state.name}.{" "}
          <a href="/seller-central">Open its dashboard</a>
        </p>
      )}
    </div>
  );
}
