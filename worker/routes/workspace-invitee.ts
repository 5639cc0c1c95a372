import { createRoute } from "@hono/zod-openapi";
import { currentAccount } from "../auth/session-middleware";
import { setSessionWorkspace } from "../auth/session-store";
import { planOfWorkspace } from "../billing/user-plan";
import { jsonBody } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { auditRequest } from "./request-audit";
import { acceptInvitation, confirmedEmailOf, findInvitation, type InvitationRecord } from "../workspaces/invitation-store";
import { INVITATION_PROBLEM_DETAIL, invitationHashOf, invitationProblem, type InvitationProblem } from "../workspaces/invitations";
import { canInvite } from "../workspaces/roles";
import { acceptSeatProblem } from "../workspaces/seats";
import { listMembers, roleIn } from "../workspaces/workspace-store";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { acceptedSchema, acceptSchema, invitationPreviewSchema } from "./schemas/workspaces";
import { shownInvitation } from "./workspace-team";

/** What the invited person does with a link (mounted under /api/workspaces): read it, then accept it. */

const tags = ["Workspaces"];

/** Why `userId` cannot join the invitation's workspace now: every seat of its plan is taken; null when they can. */
async function acceptSeatProblemOf(db: D1Database, invitation: InvitationRecord & { workspaceName: string }, userId: string) {
  const [members, plan] = await Promise.all([listMembers(db, invitation.workspaceId), planOfWorkspace(db, invitation.workspaceId)]);
  const problem = acceptSeatProblem(plan, invitation.workspaceName, members.length, members.some((m) => m.userId === userId), invitation.expiresAt);
  return { plan, problem };
}

/** Why this account cannot accept `invitation` now (null: it can): also gone once its inviter may no longer invite that role. */
async function problemAccepting(
  db: D1Database,
  invitation: Awaited<ReturnType<typeof findInvitation>>,
  userId: string,
  nowMs: number,
): Promise<InvitationProblem | null> {
  const inviterRole = invitation?.invitedBy ? await roleIn(db, invitation.workspaceId, invitation.invitedBy) : null;
  return invitationProblem(invitation, await confirmedEmailOf(db, userId), nowMs) ?? (invitation && !canInvite(inviterRole, invitation.role) ? "inviter_gone" : null);
}

export const workspaceInviteeRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations/preview",
      tags,
      summary: "What an invitation link offers (its workspace, role and address), read before accepting; nothing changes",
      request: { body: jsonBody(acceptSchema) },
      responses: { 200: jsonAnswer("The invitation; `problem` says why accepting it would fail, else null.", invitationPreviewSchema), 401: notSignedIn, 404: errorAnswer("No such invitation."), 422: badInput },
    }),
    async (c) => {
      const account = currentAccount(c);
      const invitation = await findInvitation(c.env.DB, await invitationHashOf(c.req.valid("json").token));
      if (!invitation) throw new ApiError(404, "not_found", INVITATION_PROBLEM_DETAIL.unknown);
      const problem = await problemAccepting(c.env.DB, invitation, account.user.id, Date.now());
      c.header("Cache-Control", "private, no-store");
      return c.json(
        {
          workspaceName: invitation.workspaceName,
          role: invitation.role,
          email: invitation.email,
          expiresAt: invitation.expiresAt,
          problem: problem ? INVITATION_PROBLEM_DETAIL[problem] : null,
          needsAddress: problem === "no_email",
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations/accept",
      tags,
      summary: "Accept an invitation with the token from its link; the signed-in account must have the invited address confirmed",
      request: { body: jsonBody(acceptSchema) },
      responses: {
        200: jsonAnswer("Joined; the session now works in that workspace.", acceptedSchema),
        401: notSignedIn,
        403: errorAnswer("The invitation is for another address, or the account has none yet (forbidden), or its workspace's plan has no free seat (plan_limit; the invitation stays open)."),
        404: errorAnswer("No such invitation."),
        409: errorAnswer("Already accepted."),
        410: errorAnswer("Expired or withdrawn."),
        422: badInput,
      },
    }),
    async (c) => {
      const account = currentAccount(c);
      const invitation = await findInvitation(c.env.DB, await invitationHashOf(c.req.valid("json").token));
      const now = Date.now();
      const problem = await problemAccepting(c.env.DB, invitation, account.user.id, now);
      if (problem || !invitation) {
        const status = ({ unknown: 404, expired: 410, revoked: 410, inviter_gone: 410, accepted: 409, wrong_email: 403, no_email: 403 } as const)[problem ?? "unknown"];
        const code = ({ 404: "not_found", 410: "gone", 409: "conflict", 403: "forbidden" } as const)[status];
        throw new ApiError(status, code, INVITATION_PROBLEM_DETAIL[problem ?? "unknown"]);
      }
      const seats = await acceptSeatProblemOf(c.env.DB, invitation, account.user.id);
      if (seats.problem) throw new ApiError(403, "plan_limit", seats.problem);
      if (!(await acceptInvitation(c.env.DB, invitation.id, account.user.id, new Date(now).toISOString(), seats.plan.memberLimit))) {
        // Another accept may have taken the last seat a moment ago; else this link was used just now.
        const after = await acceptSeatProblemOf(c.env.DB, invitation, account.user.id);
        if (after.problem) throw new ApiError(403, "plan_limit", after.problem);
        throw new ApiError(409, "conflict", INVITATION_PROBLEM_DETAIL.accepted);
      }
      await setSessionWorkspace(c.env.DB, account.sessionId, invitation.workspaceId);
      await auditRequest(c, {
        workspaceId: invitation.workspaceId,
        action: "member.join",
        target: invitation.email,
        detail: { role: invitation.role, invitedBy: invitation.invitedBy },
      });
      return c.json({ ...shownInvitation(invitation), workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName }, 200);
    },
  );
