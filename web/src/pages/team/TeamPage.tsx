import { Fragment, useState } from "react";
import { Link } from "../../components/Link";
import type { WorkspaceRole } from "@contract/workspaces";
import { errorMessage } from "../../api/api-error";
import { useResource } from "../../api/use-resource";
import { changeRole, fetchTeam, leaveWorkspace, removeMember } from "../../api/workspaces";
import { roleName } from "./role-name";
import { ConfirmButton } from "../../components/ConfirmButton";
import { LimitMessage, RefusalRow } from "../../components/LimitMessage";
import { LoadFailed } from "../../components/LoadFailed";
import { RequireSignIn } from "../../components/RequireSignIn";
import { formatUtc } from "../../lib/format";
import { useWorkspaces } from "../../state/workspaces";
import "../../styles/seller.css";
import "../../styles/workspaces.css";
import { DeleteWorkspace } from "./DeleteWorkspace";
import { Invitations, rolesGrantableBy, seatsLine } from "./Invitations";
import { NewWorkspace } from "./NewWorkspace";
import { RenameWorkspace } from "./RenameWorkspace";
import { memberName } from "./member-name";

/** /team: the current workspace's members and roles, invitations, its name, leaving or deleting it, and new workspaces. */
export function TeamPage() {
  return (
    <RequireSignIn title="Team" reason="Sign in to see who works in your workspace.">
      {(user) => <TeamScreen demo={user.demo} />}
    </RequireSignIn>
  );
}

function TeamScreen({ demo }: { demo: boolean }) {
  const { list, can, reload: reloadWorkspaces } = useWorkspaces();
  const [team, reloadTeam] = useResource(fetchTeam);
  const [error, setError] = useState<string | null>(null);
  // Leaving's refusal (the last owner) shows by its button, mid-page, not at the top.
  const [leaveRefusal, setLeaveRefusal] = useState<string | null>(null);
  // A role change's or removal's refusal shows under that member's row: the table may be long.
  const [memberRefusal, setMemberRefusal] = useState<{ userId: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const manages = can("members");
  const ownsIt = list?.current.role === "owner";
  // Its only owner cannot leave (the server answers 409): say how instead of offering the button.
  const onlyOwner = ownsIt && team.status === "success" && team.data.members.filter((member) => member.role === "owner").length <= 1;

  // `onError` shows a refusal where it happened (the invite form) instead of at the top.
  async function act(request: () => Promise<unknown>, after: () => void, onError: (message: string) => void = setError) {
    setBusy(true);
    setError(null);
    try {
      await request();
      after();
    } catch (failure) {
      onError(errorMessage(failure, "That did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  function actOnMember(userId: string, request: () => Promise<unknown>) {
    setMemberRefusal(null);
    return act(request, reloadTeam, (text) => setMemberRefusal({ userId, text }));
  }

  return (
    <div className="container seller-page">
      <h1 className="team-title">Team{list ? `: ${list.current.name}` : ""}</h1>
      {list && (
        <p className="seller-muted">
          Your role here: <strong>{roleName(list.current.role)}</strong>. {list.current.personal ? "This is your personal workspace." : ""}
        </p>
      )}
      {error !== null && <LimitMessage text={error} inline />}

      <section className="team-section" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        {team.status === "error" && <LoadFailed message={team.message ?? "Failed to load the members."} onRetry={reloadTeam} />}
        {team.status === "loading" && <p className="seller-muted">Loading members…</p>}
        {team.status === "success" && <p className="seller-muted">{seatsLine(team.data.seats)}</p>}
        {team.status === "success" && (
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
                {team.data.members.map((member) => {
                  // A personal workspace's id is its account's: that account stays its owner (the server refuses any change).
                  const holdsIt = member.userId === list?.current.id;
                  const editable = manages && !member.you && !holdsIt && (ownsIt || member.role !== "owner");
                  const refusal = memberRefusal?.userId === member.userId ? memberRefusal.text : null;
                  return (
                    <Fragment key={member.userId}>
                      <tr>
                        <th scope="row">
                          {memberName(member.email)}
                          {member.you ? " (you)" : ""}
                        </th>
                        <td>
                          {editable ? (
                            <select
                              aria-label={`Role of ${member.email ?? "this member"}`}
                              value={member.role}
                              disabled={busy}
                              onChange={(event) => void actOnMember(member.userId, () => changeRole(member.userId, event.target.value as WorkspaceRole))}
                            >
                              {rolesGrantableBy(ownsIt).map((role) => (
                                <option key={role} value={role}>
                                  {roleName(role)}
                                </option>
                              ))}
                            </select>
                          ) : (
                            roleName(member.role)
                          )}
                        </td>
                        <td>{formatUtc(member.joinedAt)}</td>
                        <td>
                          {editable && (
                            <ConfirmButton
                              confirmName={`Confirm removing ${member.email ?? "this member"}`}
                              question={`${member.email ?? "This member"} loses access to ${list?.current.name ?? "this workspace"} at once: the API keys they made here stop working, and it no longer mails their address. Inviting them again is the only way back.`}
                              confirmText="Yes, remove"
                              busy={busy}
                              onConfirm={() => actOnMember(member.userId, () => removeMember(member.userId))}
                            >
                              Remove
                            </ConfirmButton>
                          )}
                        </td>
                      </tr>
                      {refusal !== null && <RefusalRow columns={4} text={refusal} />}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {manages && <Invitations busy={busy} act={act} canInviteOwners={ownsIt} seats={team.status === "success" ? team.data.seats : null} onSeatsChanged={reloadTeam} />}

      <section className="team-section" aria-labelledby="leave-heading">
        <h2 id="leave-heading">Workspace</h2>
        <div className="connect__actions">
          {manages && (
            <Link to="/team/audit" className="button button--secondary">
              Audit log
            </Link>
          )}
          {list && !list.current.personal && onlyOwner && (
            <p className="seller-muted">
              You are the only owner of {list.current.name}: make another member owner before you leave{list.current.deletable ? ", or delete it" : ""}.
            </p>
          )}
          {list && !list.current.personal && !onlyOwner && (
            <ConfirmButton
              confirmName={`Confirm leaving ${list.current.name}`}
              question={`You lose access to ${list.current.name} at once: the API keys you made here stop working, and it no longer mails your address. Only a new invitation brings you back.`}
              confirmText="Yes, leave"
              busy={busy}
              onConfirm={() => {
                setLeaveRefusal(null);
                return act(leaveWorkspace, () => window.location.assign("/seller-central"), setLeaveRefusal);
              }}
            >
              Leave {list.current.name}
            </ConfirmButton>
          )}
        </div>
        {leaveRefusal !== null && <LimitMessage text={leaveRefusal} inline />}
        {/* Keyed by workspace: the field starts from the current name, not one typed elsewhere. */}
        {list && can("settings") && <RenameWorkspace key={list.current.id} name={list.current.name} busy={busy} act={act} onRenamed={reloadWorkspaces} />}
        {list?.current.deletable && <DeleteWorkspace name={list.current.name} busy={busy} act={act} />}
      </section>

      <NewWorkspace demo={demo} busy={busy} act={act} />
    </div>
  );
}
