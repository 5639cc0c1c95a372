import { useCallback, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { errorMessage } from "../../api/api-error";
import { showWorkspace } from "../../api/http";
import { useResource } from "../../api/use-resource";
import { acceptInvitation, previewInvitation } from "../../api/workspaces";
import { roleName } from "./role-name";
import { formatUtc } from "../../lib/format";
import { rememberAfterSignIn, signInPathReturningTo } from "../../lib/next-path";
import { useSession } from "../../state/session";
import { useWorkspaces } from "../../state/workspaces";
import "../../styles/seller.css";
import "../../styles/workspaces.css";

/**
 * /invite?token=…: the link from an invitation email. Signed out, it asks to sign in (by email,
 * with the invited address) and comes back here; signed in, it names the workspace and role, and
 * one button accepts (or it says why the invitation cannot be accepted).
 */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { user } = useSession();
  const { reload: reloadWorkspaces } = useWorkspaces();
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "error"; message: string } | { kind: "joined"; name: string }>({ kind: "idle" });
  const here = `/invite?${new URLSearchParams({ token })}`;
  const preview = useInvitationPreview(user?.authenticated === true ? token : null);

  async function accept() {
    setState({ kind: "busy" });
    try {
      const joined = await acceptInvitation(token);
      // The session works in the joined workspace now: so does this tab, and its header says so.
      showWorkspace(joined.workspaceId);
      reloadWorkspaces();
      setState({ kind: "joined", name: joined.workspaceName });
    } catch (failure) {
      setState({ kind: "error", message: errorMessage(failure, "The invitation could not be accepted. Please try again.") });
    }
  }

  // A link cut short (a mail client wrapping it, a copy of part of it): nothing to sign in or accept for.
  if (token.trim() === "") {
    return (
      <div className="container seller-page">
        <h1>Workspace invitation</h1>
        <p className="field-error" role="alert">
          This link holds no invitation. Open the link in the invitation email again, whole, or ask for a new invitation.
        </p>
      </div>
    );
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
      {user?.authenticated && state.kind !== "joined" && preview && (
        <p>
          Join <strong>{preview.workspaceName}</strong> as <strong>{roleName(preview.role)}</strong>. The invitation is for {preview.email}, until{" "}
          {formatUtc(preview.expiresAt)}.
        </p>
      )}
      {user?.authenticated && state.kind !== "joined" && preview?.problem && (
        <p className="field-error" role="alert">
          {preview.problem}
        </p>
      )}
      {/* An account Amazon alone signs in to: signing in with the invited address would make a second account. */}
      {user?.authenticated && state.kind !== "joined" && preview?.needsAddress && (
        <Link className="button button--primary" to="/settings#account">
          Add {preview.email} to this account
        </Link>
      )}
      {user?.authenticated && state.kind !== "joined" && !preview?.problem && (
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

type Preview = Awaited<ReturnType<typeof previewInvitation>>;

/** The invitation's workspace and role, read once signed in; null until then, or when it cannot be read (accepting still says why). */
function useInvitationPreview(token: string | null): Preview | null {
  const [preview] = useResource(useCallback(async () => (token ? previewInvitation(token) : null), [token]));
  return preview.status === "success" ? preview.data : null;
}
