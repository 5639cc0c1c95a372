import { canAddMember, nextPlanWithMoreMembers, type Plan } from "../contract/plans";
import { BILLING_PATH } from "../contract/billing";
import { count } from "../contract/features";
import type { SeatsView } from "../contract/workspaces";

/**
 * A workspace's seats against its plan's member limit, the pure part. A seat is taken by a
 * member or by an open invitation (unaccepted, unrevoked, unexpired), so an owner cannot send
 * more invitations than the plan has room for. An address counts once: inviting it again (a
 * new link, another role) takes no second seat, and an open invitation to someone who is
 * already a member takes none.
 */

export interface SeatCount {
  members: number;
  pending: number;
}

export function seatCount(members: readonly { email: string | null }[], openInvitations: readonly { email: string }[]): SeatCount {
  const memberEmails = new Set(members.map((member) => member.email).filter((email) => email !== null));
  const pending = new Set(openInvitations.map((invitation) => invitation.email).filter((email) => !memberEmails.has(email)));
  return { members: members.length, pending: pending.size };
}

export function seatsView(plan: Plan, seats: SeatCount): SeatsView {
  return { members: seats.members, pending: seats.pending, used: seats.members + seats.pending, limit: plan.memberLimit, planId: plan.id, planName: plan.name };
}

const members = (n: number) => count(n, "team member");

/** Where more seats come from: the next plan sold online with more members, else Enterprise. */
function wayUp(plan: Plan): string {
  const next = nextPlanWithMoreMembers(plan);
  if (next) return `move to the ${next.name} plan (${members(next.memberLimit!)}) at ${BILLING_PATH}`;
  return "ask us about Enterprise at /contact";
}

/** Why `email` cannot be invited now (403 plan_limit), or null when it can. */
export function inviteSeatProblem(plan: Plan, seats: SeatCount, alreadyInvited: boolean): string | null {
  if (alreadyInvited || canAddMember(plan, seats.members + seats.pending)) return null;
  const limit = plan.memberLimit!;
  if (limit <= 1) return `Your ${plan.name} plan includes ${members(limit)}, the owner, so this workspace cannot invite anyone. To work as a team, ${wayUp(plan)}.`;
  const taken = `all ${limit} seats are taken (${members(seats.members)}, ${seats.pending} pending invitation${seats.pending === 1 ? "" : "s"})`;
  return `Your ${plan.name} plan includes up to ${members(limit)}, pending invitations included, and ${taken}. Withdraw an invitation or remove a member first, or ${wayUp(plan)}.`;
}

/**
 * Why an invitation cannot be accepted now (403 plan_limit), or null. Only members count here:
 * the invitation holds its own seat, and who among the invited joins first is first served.
 * Someone already a member takes no new seat. The invitation stays open, so it works once a
 * seat frees up while it is still valid.
 */
export function acceptSeatProblem(plan: Plan, workspaceName: string, memberCount: number, alreadyMember: boolean, expiresAt: string): string | null {
  if (alreadyMember || canAddMember(plan, memberCount)) return null;
  return `${workspaceName} is full: its ${plan.name} plan includes up to ${members(plan.memberLimit!)}. Ask an owner to free a seat or upgrade the plan, then open this link again; it works until ${expiresAt.slice(0, 10)}.`;
}
