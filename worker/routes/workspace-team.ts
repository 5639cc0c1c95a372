import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { forgetApiKey } from "../api-keys/key-resolver";
import { normalizeEmail } from "../auth/email-sign-in";
import { currentAccount } from "../auth/session-middleware";
import { callerPlan } from "./caller-plan";
import type { Plan } from "../contract/plans";
import type { InvitationView, TeamView, WorkspaceRole } from "../contract/workspaces";
import type { AppEnv } from "../env";
import { failure, jsonBody, retryAfter } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { sendToChosenAddress } from "./chosen-address-mail";
import { auditRequest } from "./request-audit";
import {
  confirmedEmailOf,
  listOpenInvitations,
  replaceEarlierInvitations,
  reserveInvitation,
  revokeInvitation,
  withdrawReservation,
  type InvitationRecord,
} from "../workspaces/invitation-store";
import {
  INVITATION_LIFETIME_MS,
  invitationEmail,
  invitationHashOf,
  invitationLink,
  newInvitationToken,
} from "../workspaces/invitations";
import { canInvite, canManageMember, lastOwnerProblem, rolesNotInvitableBy } from "../workspaces/roles";
import { inviteSeatProblem, seatCount, seatsView } from "../workspaces/seats";
import { countOwners, keyHashesMadeBy, listMembers, removalDetail, removeMember, roleIn, setMemberRole } from "../workspaces/workspace-store";
import { badInput, errorAnswer, jsonAnswer, noContent, notSignedIn } from "./schemas/answers";
import {
  invitationIdParamSchema,
  invitationListSchema,
  invitationSchema,
  inviteSchema,
  memberListSchema,
  roleBodySchema,
  userIdParamSchema,
} from "./schemas/workspaces";

const tags = ["Workspaces"];
const NO_SUCH_MEMBER = "No such member in this workspace.";
const OWNER_INVITATION = "Only an owner can replace or withdraw an invitation to be an owner.";
const forbidden = errorAnswer("Your role may not do this.");

export const shownInvitation = (row: InvitationRecord): InvitationView => ({ id: row.id, email: row.email, role: row.role, invitedAt: row.createdAt, expiresAt: row.expiresAt });

/** The member's current role, after checking the caller may change it to `next` (null: remove). */
async function manageableRole(c: Context<AppEnv>, userId: string, next: WorkspaceRole | null): Promise<WorkspaceRole> {
  const { workspace } = currentAccount(c);
  const current = await roleIn(c.env.DB, workspace.id, userId);
  if (!current) throw new ApiError(404, "not_found", NO_SUCH_MEMBER);
  // A personal workspace's id is its account's (ADR 0011): that account stays its owner; it goes only with it.
  if (userId === workspace.id && next !== "owner") {
    throw new ApiError(409, "conflict", `${workspace.name} is this member's personal workspace: they stay its owner, and it goes only with their account.`);
  }
  if (!canManageMember(workspace.role, current, next)) throw new ApiError(403, "forbidden", "Only an owner can make, change or remove an owner.");
  const problem = lastOwnerProblem(await countOwners(c.env.DB, workspace.id), current, next);
  if (problem) throw new ApiError(409, "conflict", problem);
  return current;
}

/** Why a checked change did not land: someone changed the member's role meanwhile, or it would leave no owner. */
async function notChangedDetail(c: Context<AppEnv>, userId: string, checked: WorkspaceRole): Promise<string> {
  const now = await roleIn(c.env.DB, currentAccount(c).workspace.id, userId);
  if (now !== checked) return `This member's role changed a moment ago (now ${now ?? "not a member"}). Reload the team and try again.`;
  return "A workspace needs an owner: make another member owner first.";
}

/** The members, with the seats they and the open invitations take against the workspace's plan. */
async function teamOf(c: Context<AppEnv>): Promise<TeamView> {
  const { user, workspace } = currentAccount(c);
  const [members, open, plan] = await Promise.all([
    listMembers(c.env.DB, workspace.id),
    listOpenInvitations(c.env.DB, workspace.id, new Date().toISOString()),
    callerPlan(c),
  ]);
  return { members: members.map((m) => ({ ...m, you: m.userId === user.id })), seats: seatsView(plan, seatCount(members, open)) };
}

/**
 * Mails the invitation within the re-send limit (chosen-address-mail.ts): a 429 or a failed send
 * (502) stores nothing, so any earlier invitation to the address stays as it was.
 */
async function sendInvitation(c: Context<AppEnv>, to: string, link: string, role: WorkspaceRole, invitedBefore: boolean): Promise<void> {
  const { config, sources } = c.get("services");
  const sender = sources.alertEmail();
  if (!sender || !config.alertEmail) {
    throw new ApiError(503, "not_configured", "Email is not set up on this server (it needs the ALERT_EMAIL binding and ALERT_EMAIL_FROM), so invitations cannot be sent.");
  }
  const { user, workspace } = currentAccount(c);
  const inviter = await confirmedEmailOf(c.env.DB, user.id);
  const message = invitationEmail({ to, from: config.alertEmail.from, link, workspaceName: workspace.name, role, inviter });
  const notSent = `The invitation email to ${to} could not be sent just now, so no invitation was made${invitedBefore ? " and the earlier one still works" : ""}. Try again in a minute.`;
  await sendToChosenAddress(c, { kind: "invitation", workspaceId: workspace.id, email: to, sender, message, notSent });
}

/** The refusal of an invitation whose seat another one took between the route's check and its store (403 plan_limit). */
async function seatTakenMeanwhile(c: Context<AppEnv>, plan: Plan): Promise<ApiError> {
  const { workspace } = currentAccount(c);
  const [members, open] = await Promise.all([listMembers(c.env.DB, workspace.id), listOpenInvitations(c.env.DB, workspace.id, new Date().toISOString())]);
  const problem = inviteSeatProblem(plan, seatCount(members, open), false) ?? "Another invitation took the last seat of the plan just now, and one has been freed since. Try again.";
  return new ApiError(403, "plan_limit", problem);
}

const router = createRouter();

/** Members and invitations of the current workspace (mounted under /api/workspaces). */
export const workspaceTeamRoutes = router
  .openapi(createRoute({ method: "get", path: "/members", tags, summary: "The current workspace's members and the seats its plan has", responses: { 200: jsonAnswer("Owners first.", memberListSchema), 401: notSignedIn } }), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await teamOf(c), 200);
  })
  .openapi(
    createRoute({
      method: "patch",
      path: "/members/{userId}",
      tags,
      summary: "Change a member's role (owners and admins; only owners touch owners; the last owner stays owner)",
      request: { params: userIdParamSchema, body: jsonBody(roleBodySchema) },
      responses: { 200: jsonAnswer("The members.", memberListSchema), 401: notSignedIn, 403: forbidden, 404: errorAnswer(NO_SUCH_MEMBER), 409: errorAnswer("It would leave no owner."), 422: badInput },
    }),
    async (c) => {
      const { workspace } = currentAccount(c);
      const { userId } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const from = await manageableRole(c, userId, role);
      if (!(await setMemberRole(c.env.DB, workspace.id, userId, { from, to: role, uninvitable: rolesNotInvitableBy(role) }, new Date().toISOString()))) {
        throw new ApiError(409, "conflict", await notChangedDetail(c, userId, from));
      }
      // Their keys act with the new role at once here; other isolates re-read them within 3 s.
      for (const keyHash of await keyHashesMadeBy(c.env.DB, workspace.id, userId)) forgetApiKey(keyHash);
      await auditRequest(c, { workspaceId: workspace.id, action: "member.role", target: userId, detail: { from, to: role } });
      return c.json(await teamOf(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/members/{userId}",
      tags,
      summary: "Remove a member; the API keys they made here are revoked at once",
      request: { params: userIdParamSchema },
      responses: { 204: noContent("Removed."), 401: notSignedIn, 403: forbidden, 404: errorAnswer(NO_SUCH_MEMBER), 409: errorAnswer("The last owner cannot be removed.") },
    }),
    async (c) => {
      const { workspace } = currentAccount(c);
      const { userId } = c.req.valid("param");
      const role = await manageableRole(c, userId, null);
      const removed = await removeMember(c.env.DB, workspace.id, userId, new Date().toISOString(), role);
      if (removed === null) throw new ApiError(409, "conflict", await notChangedDetail(c, userId, role));
      for (const keyHash of removed.keyHashes) forgetApiKey(keyHash);
      await auditRequest(c, { workspaceId: workspace.id, action: "member.remove", target: userId, detail: { role, ...removalDetail(removed) } });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({ method: "get", path: "/invitations", tags, summary: "Open invitations (owners and admins)", responses: { 200: jsonAnswer("Newest first.", invitationListSchema), 401: notSignedIn, 403: forbidden } }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      const rows = await listOpenInvitations(c.env.DB, currentAccount(c).workspace.id, new Date().toISOString());
      return c.json({ invitations: rows.map(shownInvitation) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations",
      tags,
      summary: "Invite someone by email with a role; the link works for 7 days and replaces the address's earlier invitations; a new address takes one of the plan's seats",
      request: { body: jsonBody(inviteSchema) },
      responses: {
        201: jsonAnswer("Sent.", invitationSchema),
        401: notSignedIn,
        403: errorAnswer("Your role may not do this (forbidden), or every seat of the plan is taken, pending invitations included (plan_limit)."),
        409: errorAnswer("Already a member."),
        422: badInput,
        429: failure("The address was invited 3 times this hour; nothing changed.", retryAfter),
        502: failure("The email could not be sent; no invitation was made.", retryAfter),
        503: failure("Email is not set up, or the email service refuses RankLayer's sending address (Retry-After); no invitation was made.", retryAfter),
      },
    }),
    async (c) => {
      const { user, workspace } = currentAccount(c);
      const body = c.req.valid("json");
      const email = normalizeEmail(body.email);
      if (!email) throw new ApiError(422, "validation_failed", [{ loc: ["body", "email"], msg: "Enter an email address like name@example.com", type: "invalid_format" }]);
      if (!canInvite(workspace.role, body.role)) throw new ApiError(403, "forbidden", "Only an owner can invite an owner.");
      const [members, open, plan] = await Promise.all([
        listMembers(c.env.DB, workspace.id),
        listOpenInvitations(c.env.DB, workspace.id, new Date().toISOString()),
        callerPlan(c),
      ]);
      if (members.some((m) => m.email === email)) throw new ApiError(409, "conflict", `${email} is already a member of ${workspace.name}.`);
      // A new invitation replaces the address's open ones, so it may not replace one an admin could not have sent.
      if (open.some((i) => i.email === email && !canInvite(workspace.role, i.role))) throw new ApiError(403, "forbidden", OWNER_INVITATION);
      const invitedBefore = open.some((i) => i.email === email);
      const full = inviteSeatProblem(plan, seatCount(members, open), invitedBefore);
      if (full) throw new ApiError(403, "plan_limit", full);
      const token = newInvitationToken();
      const now = Date.now();
      const invitation = {
        id: crypto.randomUUID(),
        workspaceId: workspace.id,
        email,
        role: body.role,
        tokenHash: await invitationHashOf(token),
        invitedBy: user.id,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + INVITATION_LIFETIME_MS).toISOString(),
      };
      // Stored first, holding its seat (the store counts them again: invitations sent at the same instant cannot all pass).
      if (!(await reserveInvitation(c.env.DB, invitation, plan.memberLimit))) throw await seatTakenMeanwhile(c, plan);
      try {
        await sendInvitation(c, email, invitationLink(c.get("services").config.siteOrigin, token), body.role, invitedBefore);
      } catch (error) {
        // Not sent: nobody has its link, so it goes and frees its seat; the earlier invitations still work.
        await withdrawReservation(c.env.DB, invitation.id);
        throw error;
      }
      // Sent: this link replaces the address's earlier ones, so the newest role is the one that counts.
      const replaced = await replaceEarlierInvitations(c.env.DB, invitation);
      await auditRequest(c, { workspaceId: workspace.id, action: "member.invite", target: email, detail: { role: body.role, replaced } });
      return c.json(shownInvitation({ ...invitation, acceptedAt: null, acceptedBy: null, revokedAt: null }), 201);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/invitations/{id}",
      tags,
      summary: "Withdraw an open invitation: its link stops working (an owner's invitation only by an owner)",
      request: { params: invitationIdParamSchema },
      responses: { 204: noContent("Withdrawn."), 401: notSignedIn, 403: errorAnswer("Your role may not do this, or the invitation is an owner's and you are not an owner."), 404: errorAnswer("No such open invitation.") },
    }),
    async (c) => {
      const { workspace } = currentAccount(c);
      const { id } = c.req.valid("param");
      const nowIso = new Date().toISOString();
      const invitation = (await listOpenInvitations(c.env.DB, workspace.id, nowIso)).find((i) => i.id === id);
      if (invitation && !canInvite(workspace.role, invitation.role)) throw new ApiError(403, "forbidden", OWNER_INVITATION);
      const revoked = invitation ? await revokeInvitation(c.env.DB, workspace.id, id, nowIso) : null;
      if (!revoked) throw new ApiError(404, "not_found", "No such open invitation in this workspace.");
      await auditRequest(c, { workspaceId: workspace.id, action: "member.invite_revoke", target: revoked.email });
      return c.body(null, 204);
    },
  );
