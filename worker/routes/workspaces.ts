import { createRoute } from "@hono/zod-openapi";
import type { Context, Next } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { setSessionWorkspace } from "../auth/session-store";
import { FREE_WORKSPACES_PER_ACCOUNT, type WorkspaceList, type WorkspaceView } from "../contract/workspaces";
import type { AppEnv, CurrentWorkspace } from "../env";
import { jsonBody } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { forgetApiKey } from "../api-keys/key-resolver";
import { deleteLogosOf } from "../branding/logo-bucket";
import { auditRequest } from "./request-audit";
import { permissionsOf } from "../workspaces/roles";
import { freeWorkspaceRefusal } from "../workspaces/free-workspaces";
import { planOfWorkspace } from "../billing/user-plan";
import { createWorkspace, deleteWorkspace, isPersonalWorkspace, listMemberships, removalDetail, removeMember, renameWorkspace, roleIn } from "../workspaces/workspace-store";
import { CancelFailed, cancelLiveSubscription } from "../billing/subscription-cancel";
import { badInput, errorAnswer, jsonAnswer, noContent, notSignedIn } from "./schemas/answers";
import { switchSchema, workspaceListSchema, workspaceNameSchema } from "./schemas/workspaces";
import { workspaceAuditRoutes } from "./workspace-audit";
import { workspaceInviteeRoutes } from "./workspace-invitee";
import { workspaceTeamRoutes } from "./workspace-team";

const tags = ["Workspaces"];
const NOT_A_MEMBER = "You are not a member of that workspace.";

/** Workspaces are managed from the signed-in web app, never with an API key. */
async function sessionOnly(c: Context<AppEnv>, next: Next) {
  if (c.get("apiKey")) throw new ApiError(403, "forbidden", "Workspaces are managed in the web app, not with an API key.");
  return next();
}

/** The account's workspaces (`memberships` when the route read them already) and the current one, with what its role may do there. */
async function workspaceList(c: Context<AppEnv>, memberships?: WorkspaceView[]): Promise<WorkspaceList> {
  const { user, workspace } = currentAccount(c);
  const permissions = permissionsOf(workspace.role);
  // Deletable: by an owner, and never a personal workspace (this account's or another's).
  const [workspaces, deletable] = await Promise.all([
    memberships ?? listMemberships(c.env.DB, user.id),
    permissions.includes("ownership") && workspace.id !== user.id ? isPersonalWorkspace(c.env.DB, workspace.id).then((personal) => !personal) : false,
  ]);
  return { workspaces, current: { ...workspace, personal: workspace.id === user.id, permissions, deletable } };
}

/**
 * Cancels the workspace's live Stripe subscription before it is deleted (the same step as account
 * deletion); when Stripe did not cancel, refuses with 502 so nothing is deleted and the owner can retry.
 */
async function cancelSubscriptionOf(c: Context<AppEnv>, workspace: CurrentWorkspace): Promise<boolean> {
  try {
    return await cancelLiveSubscription(c.env.DB, c.get("services").sources.billing(), workspace.id);
  } catch (error) {
    if (!(error instanceof CancelFailed)) throw error;
    console.error("workspace deletion: Stripe cancel failed", workspace.id, error.message);
    throw new ApiError(502, "upstream_unavailable", `Stripe did not cancel the subscription of ${workspace.name}, so nothing was deleted. Try again in a few minutes.`, { "Retry-After": "60" });
  }
}

/** The names of the Free workspaces the account owns, for the refusal of one more (personal first, then by name). */
async function freeWorkspacesOwnedBy(db: D1Database, userId: string): Promise<string[]> {
  const owned = (await listMemberships(db, userId)).filter((w) => w.role === "owner");
  const plans = await Promise.all(owned.map((w) => planOfWorkspace(db, w.id)));
  return owned.filter((_, i) => plans[i]!.id === "free").map((w) => w.name);
}

const listed = jsonAnswer("The account's workspaces; `current` is the one this session works in.", workspaceListSchema);

const router = createRouter();
router.use(requireAccount, sessionOnly);

/** /api/workspaces: the account's workspaces, switching, creating, renaming, leaving; members, invitations and audit under it. */
export const workspaceRoutes = router
  .openapi(createRoute({ method: "get", path: "/", tags, summary: "The account's workspaces and the current one", responses: { 200: listed, 401: notSignedIn } }), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await workspaceList(c), 200);
  })
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Create a workspace (you are its owner) and switch to it",
      request: { body: jsonBody(workspaceNameSchema) },
      responses: { 201: listed, 401: notSignedIn, 403: errorAnswer("A demo account cannot create workspaces, or the account already owns the most Free workspaces (plan_limit)."), 422: badInput },
    }),
    async (c) => {
      const { user, sessionId } = currentAccount(c);
      if (user.isDemo) throw new ApiError(403, "forbidden", "A demo account cannot create workspaces. Sign in by email to make your own account.");
      const { name } = c.req.valid("json");
      const id = await createWorkspace(c.env.DB, user.id, name, FREE_WORKSPACES_PER_ACCOUNT);
      if (!id) throw new ApiError(403, "plan_limit", freeWorkspaceRefusal(await freeWorkspacesOwnedBy(c.env.DB, user.id)));
      await setSessionWorkspace(c.env.DB, sessionId, id);
      await auditRequest(c, { workspaceId: id, action: "workspace.create", detail: { name } });
      c.set("account", { ...currentAccount(c), workspace: { id, name, role: "owner" } });
      return c.json(await workspaceList(c), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/switch",
      tags,
      summary: "Work in another of your workspaces from now on (this browser)",
      request: { body: jsonBody(switchSchema) },
      responses: { 200: listed, 401: notSignedIn, 404: errorAnswer(NOT_A_MEMBER), 422: badInput },
    }),
    async (c) => {
      const account = currentAccount(c);
      const { workspaceId } = c.req.valid("json");
      const memberships = await listMemberships(c.env.DB, account.user.id);
      const target = memberships.find((w) => w.id === workspaceId);
      if (!target) throw new ApiError(404, "not_found", NOT_A_MEMBER);
      await setSessionWorkspace(c.env.DB, account.sessionId, workspaceId);
      c.set("account", { ...account, workspace: { id: target.id, name: target.name, role: target.role } });
      return c.json(await workspaceList(c, memberships), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/current",
      tags,
      summary: "Rename the current workspace (owners and admins)",
      request: { body: jsonBody(workspaceNameSchema) },
      responses: { 200: listed, 401: notSignedIn, 403: errorAnswer("Your role may not rename it."), 422: badInput },
    }),
    async (c) => {
      const account = currentAccount(c);
      const { name } = c.req.valid("json");
      await renameWorkspace(c.env.DB, account.workspace.id, name);
      await auditRequest(c, {
        workspaceId: account.workspace.id,
        action: "workspace.rename",
        detail: { from: account.workspace.name, to: name },
      });
      c.set("account", { ...account, workspace: { ...account.workspace, name } });
      return c.json(await workspaceList(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/current",
      tags,
      summary: "Delete the current workspace and all its data, canceling its Stripe subscription first (owners; never a personal workspace)",
      responses: {
        204: noContent("Deleted; this session is back in your personal workspace."),
        401: notSignedIn,
        403: errorAnswer("Not an owner."),
        409: errorAnswer("A personal workspace (yours or another account's) goes only with its account."),
        502: errorAnswer("Stripe did not cancel the subscription; nothing was deleted (Retry-After)."),
      },
    }),
    async (c) => {
      const { user, workspace } = currentAccount(c);
      if (workspace.id === user.id) throw new ApiError(409, "conflict", "Your personal workspace goes only with your account (Account → Delete account).");
      // A co-owner of someone's personal workspace may leave it, never delete it: it goes with that account.
      if (await isPersonalWorkspace(c.env.DB, workspace.id)) {
        throw new ApiError(409, "conflict", `${workspace.name} is another account's personal workspace: it goes only with that account. You can leave it instead.`);
      }
      const canceled = await cancelSubscriptionOf(c, workspace);
      for (const keyHash of await deleteWorkspace(c.env.DB, workspace.id)) forgetApiKey(keyHash);
      await deleteLogosOf(c.env.BRANDING, [workspace.id]);
      // Recorded in the personal workspace: the deleted one's log went with it.
      await auditRequest(c, {
        workspaceId: user.id,
        action: "workspace.delete",
        target: workspace.id,
        detail: { name: workspace.name, subscription: canceled ? "canceled" : "none" },
      });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/leave",
      tags,
      summary: "Leave the current workspace (its last owner cannot); your API keys in it are revoked",
      responses: { 200: listed, 401: notSignedIn, 409: errorAnswer("You are its last owner, or it is your personal workspace.") },
    }),
    async (c) => {
      const account = currentAccount(c);
      const { user, workspace } = account;
      if (workspace.id === user.id) throw new ApiError(409, "conflict", "You cannot leave your personal workspace; it goes only with your account.");
      if (!(await roleIn(c.env.DB, workspace.id, user.id))) throw new ApiError(404, "not_found", NOT_A_MEMBER);
      const removed = await removeMember(c.env.DB, workspace.id, user.id, new Date().toISOString());
      if (removed === null) throw new ApiError(409, "conflict", `You are the last owner of ${workspace.name}: make another member owner before you leave.`);
      for (const keyHash of removed.keyHashes) forgetApiKey(keyHash);
      await auditRequest(c, { workspaceId: workspace.id, action: "member.leave", target: user.id, detail: removalDetail(removed) });
      const memberships = await listMemberships(c.env.DB, user.id);
      const personal = memberships.find((w) => w.personal) ?? null;
      if (personal) {
        await setSessionWorkspace(c.env.DB, account.sessionId, personal.id);
        c.set("account", { ...account, workspace: { id: personal.id, name: personal.name, role: personal.role } });
      }
      return c.json(await workspaceList(c, memberships), 200);
    },
  )
  .route("/", workspaceTeamRoutes)
  .route("/", workspaceInviteeRoutes)
  .route("/", workspaceAuditRoutes);
