import { useCallback, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@contract/workspaces";
import { errorMessage } from "../../api/api-error";
import { useResource } from "../../api/use-resource";
import { changeRole, createWorkspace, fetchInvitations, fetchMembers, inviteMember, leaveWorkspace, removeMember, withdrawInvitation } from "../../api/workspaces";
import { LoadFailed } from "../../components/LoadFailed";
import { RequireSignIn } from "../../components/RequireSignIn";
import { formatUtc } from "../../lib/format";
import { useWorkspaces } from "../../state/workspaces";
import "../../styles/seller.css";
import "../../styles/workspaces.css";

/** /team: the current workspace's members and roles, invitations, and leaving it. */
export function TeamPage() {
  return (
    <RequireSignIn title="Team" reason="Sign in to see who works in your workspace." returnHere>
      {() => <TeamScreen />}
    </RequireSignIn>
  );
}

function TeamScreen() {
  const { list, can } = useWorkspaces();
  const [members, reloadMembers] = useResource(fetchMembers);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const manages = can("members");
  const ownsIt = list?.current.role === "owner";

  async function act(request: () => Promise<unknown>, after: () => void) {
    setBusy(true);
    setError(null);
    try {
      await request();
      after();
    } catch (failure) {
      setError(errorMessage(failure, "That did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container seller-page">
      <h1>Team{list ? `: ${list.current.name}` : ""}</h1>
      {list && (
        <p className="seller-muted">
          Your role here: <strong>{list.current.role}</strong>. {list.current.personal ? "This is your personal workspace." : ""}
        </p>
      )}
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}

      <section className="team-section" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        {members.status === "error" && <LoadFailed message={members.message ?? "Failed to load the members."} onRetry={reloadMembers} />}
        {members.status === "loading" && <p className="seller-muted">Loading members…</p>}
        {members.status === "success" && (
          <div className="api-keys__scroll">
            <table className="api-keys team-table">
              <caption className="visually-hidden">Members and their roles</caption>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.map((member) => {
                  const editable = manages && !member.you && (ownsIt || member.role !== "owner");
                  return (
                    <tr key={member.userId}>
                      <th scope="row">
                        {member.email ?? "Amazon seller account"}
                        {member.you ? " (you)" : ""}
                      </th>
                      <td>
                        {editable ? (
                          <select
                            aria-label={`Role of ${member.email ?? "this member"}`}
                            value={member.role}
                            disabled={busy}
                            onChange={(event) => void act(() => changeRole(member.userId, event.target.value as WorkspaceRole), reloadMembers)}
                          >
                            {WORKSPACE_ROLES.filter((role) => ownsIt || role !== "owner").map((role) => (
                              <option key={role} value={role}>
                                {role}
                              </option>
                            ))}
                          </select>
                        ) : (
                          member.role
                        )}
                      </td>
                      <td>{formatUtc(member.joinedAt)}</td>
                      <td>
                        {editable && (
                          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act(() => removeMember(member.userId), reloadMembers)}>
                            Remove
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {manages && <Invitations busy={busy} act={act} canInviteOwners={ownsIt} />}

      <section className="team-section" aria-labelledby="leave-heading">
        <h2 id="leave-heading">Workspace</h2>
        <div className="connect__actions">
          {manages && (
            <Link to="/team/audit" className="button button--secondary">
              Audit log
            </Link>
          )}
          {list && !list.current.personal && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void act(leaveWorkspace, () => window.location.assign("/seller-central"))}
            >
              Leave {list.current.name}
            </button>
          )}
        </div>
      </section>

      <NewWorkspace busy={busy} act={act} />
    </div>
  );
}

/** Another workspace (a client, a brand), owned by this account; the page reloads into it. */
function NewWorkspace({ busy, act }: { busy: boolean; act: Act }) {
  const [name, setName] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    void act(() => createWorkspace(name.trim()), () => window.location.assign("/team"));
  }
  return (
    <section className="team-section" aria-labelledby="new-workspace-heading">
      <h2 id="new-workspace-heading">New workspace</h2>
      <p className="seller-muted">A workspace has its own watchlist, alerts, keys, billing and team; you are its owner.</p>
      <form className="team-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="workspace-name">Workspace name</label>
          <input id="workspace-name" maxLength={80} required value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy || name.trim() === ""}>
          Create workspace
        </button>
      </form>
    </section>
  );
}

type Act = (request: () => Promise<unknown>, after: () => void) => Promise<void>;

function Invitations({ busy, act, canInviteOwners }: { busy: boolean; act: Act; canInviteOwners: boolean }) {
  const [invitations, reload] = useResource(useCallback((signal: AbortSignal) => fetchInvitations(signal), []));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("analyst");
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const to = email.trim();
    void act(
      () => inviteMember(to, role),
      () => {
        setSentTo(to);
        setEmail("");
        reload();
      },
    );
  }

  return (
    <section className="team-section" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form className="team-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-email">Email address</label>
          <input id="invite-email" type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)}>
            {WORKSPACE_ROLES.filter((r) => canInviteOwners || r !== "owner").map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={busy || email.trim() === ""}>
          Send invitation
        </button>
      </form>
      {sentTo !== null && (
        <p role="status" className="seller-muted">
          Invitation sent to {sentTo}. The link works for 7 days.
        </p>
      )}
      <h3>Pending invitations</h3>
      {invitations.status === "success" && invitations.data.length === 0 && <p className="seller-muted">No pending invitations.</p>}
      {invitations.status === "success" && invitations.data.length > 0 && (
        <ul className="stack-list">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="connect__actions">
              <span>
                {invitation.email}, {invitation.role}, until {formatUtc(invitation.expiresAt)}
              </span>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act(() => withdrawInvitation(invitation.id), reload)}>
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
