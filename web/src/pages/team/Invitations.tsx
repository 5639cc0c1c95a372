import { useState, type FormEvent } from "react";
import { BILLING_PATH } from "@contract/billing";
import { count } from "@contract/features";
import { nextPlanWithMoreMembers, PLANS } from "@contract/plans";
import { Link } from "../../components/Link";
import { INVITATION_DAYS, WORKSPACE_ROLES, type SeatsView, type WorkspaceRole } from "@contract/workspaces";
import { useResource } from "../../api/use-resource";
import { fetchInvitations, inviteMember, withdrawInvitation } from "../../api/workspaces";
import { roleName } from "./role-name";
import { LimitMessage } from "../../components/LimitMessage";
import { formatCount, formatUtc } from "../../lib/format";
import { useWorkspaces } from "../../state/workspaces";

/** Runs a team change: `after` on success, `onError` (default: the page's alert) with the server's detail. */
export type Act = (request: () => Promise<unknown>, after: () => void, onError?: (message: string) => void) => Promise<void>;

/** The roles a member may give (a role change or an invitation): only an owner makes owners. */
export function rolesGrantableBy(owner: boolean): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => owner || role !== "owner");
}

/** "2 of 3 seats used on the Pro plan (1 pending invitation)", or the count alone when the plan has no limit. */
export function seatsLine(seats: SeatsView): string {
  const pending = seats.pending > 0 ? ` (${count(seats.pending, "pending invitation")})` : "";
  if (seats.limit === null) return `${count(seats.used, "seat")} used on the ${seats.planName} plan, which has no seat limit${pending}.`;
  return `${formatCount(seats.used)} of ${count(seats.limit, "seat")} used on the ${seats.planName} plan${pending}.`;
}

/** Whether the plan's seats are all taken (pending invitations count): no one more can be invited. */
function seatsFull(seats: SeatsView | null): seats is SeatsView & { limit: number } {
  return seats !== null && seats.limit !== null && seats.used >= seats.limit;
}

/** Why no one more can be invited, with the way to more seats. */
function FullNote({ seats }: { seats: SeatsView & { limit: number } }) {
  const { can } = useWorkspaces();
  const plan = PLANS.find((candidate) => candidate.id === seats.planId);
  const noBiggerPlan = !plan || nextPlanWithMoreMembers(plan) === null;
  const reason =
    // After a downgrade: members past the limit stay (the server removes no one), so say so.
    seats.members > seats.limit
      ? `${formatCount(seats.members)} members are in this workspace, more than the ${seats.planName} plan's ${formatCount(seats.limit)}: they keep their access, and none was removed. The workspace invites no one until members leave or the plan goes up.`
      : seats.limit === 1
      ? `The ${seats.planName} plan includes the owner only, so this workspace cannot invite anyone.`
      : `All ${formatCount(seats.limit)} seats of the ${seats.planName} plan are taken, pending invitations included. Withdraw an invitation or remove a member to invite someone${noBiggerPlan ? "." : ", or move to a plan with more seats."}`;
  return (
    <div className="seller-note seller-note--info team-seats-note" id="invite-full">
      <p>{reason}</p>
      {noBiggerPlan ? (
        <Link to="/contact">Ask about Enterprise</Link>
      ) : can("billing") ? (
        <Link to={BILLING_PATH}>See plans on the Billing page</Link>
      ) : (
        <p>
          Only an owner can change the plan. <Link to="/pricing">Compare plans</Link>
        </p>
      )}
    </div>
  );
}

/** Invite by email (the form is off when the plan's seats are all taken) and the open invitations. */
export function Invitations({
  busy,
  act,
  canInviteOwners,
  seats,
  onSeatsChanged,
}: {
  busy: boolean;
  act: Act;
  canInviteOwners: boolean;
  seats: SeatsView | null;
  onSeatsChanged: () => void;
}) {
  const [invitations, reload] = useResource(fetchInvitations);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("analyst");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = seatsFull(seats);
  const describedBy = full ? "invite-full" : undefined;
  const changed = () => {
    reload();
    onSeatsChanged();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const to = email.trim();
    setSentTo(null);
    setRefusal(null);
    void act(
      () => inviteMember(to, role),
      () => {
        setSentTo(to);
        // Emptied only if it still holds this address: the next one may have been typed meanwhile.
        setEmail((current) => (current.trim() === to ? "" : current));
        changed();
      },
      setRefusal,
    );
  }

  return (
    <section className="team-section" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      {full && <FullNote seats={seats} />}
      <form className="team-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-email">Email address</label>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            required
            disabled={full}
            aria-describedby={describedBy}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" disabled={full} aria-describedby={describedBy} value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)}>
            {rolesGrantableBy(canInviteOwners).map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={busy || full || email.trim() === ""} aria-describedby={describedBy}>
          Send invitation
        </button>
      </form>
      {refusal !== null && <LimitMessage text={refusal} inline />}
      {sentTo !== null && (
        <p role="status" className="seller-muted">
          Invitation sent to {sentTo}. The link works for {INVITATION_DAYS} days.
        </p>
      )}
      <h3 className="team-subhead">Pending invitations</h3>
      {invitations.status === "success" && invitations.data.length === 0 && <p className="seller-muted">No pending invitations.</p>}
      {invitations.status === "success" && invitations.data.length > 0 && (
        <ul className="stack-list">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="connect__actions">
              <span>
                {invitation.email}, {roleName(invitation.role)}, until {formatUtc(invitation.expiresAt)}
              </span>
              {/* Only owners invite owners, so only owners withdraw an owner's invitation. */}
              {(invitation.role !== "owner" || canInviteOwners) && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => {
                    setSentTo(null);
                    setRefusal(null);
                    // Shown under the invite form, by this list, not at the top of a long page.
                    void act(() => withdrawInvitation(invitation.id), changed, setRefusal);
                  }}
                >
                  Withdraw
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
