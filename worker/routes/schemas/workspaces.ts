import * as z from "../../openapi/zod";
import {
  PERMISSIONS,
  WORKSPACE_NAME_MAX_LENGTH,
  WORKSPACE_ROLES,
  type AuditEntryView,
  type InvitationView,
  type MemberView,
  type SeatsView,
  type TeamView,
  type WorkspaceList,
} from "../../contract/workspaces";
import { requiredName } from "./required-name";

/** Request and response schemas of /api/workspaces, tied to contract/workspaces.ts by `satisfies`. */

const role = z.enum(WORKSPACE_ROLES).openapi({ example: "analyst" });

export const workspaceNameSchema = z.object({
  name: requiredName(WORKSPACE_NAME_MAX_LENGTH, "Acme Agency"),
});

export const switchSchema = z.object({ workspaceId: z.string().min(1).max(100) });
export const roleBodySchema = z.object({ role });
export const inviteSchema = z.object({ email: z.string().min(3).max(254).openapi({ example: "analyst@example.com" }), role });
export const acceptSchema = z.object({ token: z.string().min(20).max(100) });
export const userIdParamSchema = z.object({ userId: z.string().openapi({ param: { name: "userId", in: "path" } }) });
export const invitationIdParamSchema = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
export const auditQuerySchema = z.object({
  before: z.string().max(200).optional().openapi({ description: "The `next` cursor of the previous page." }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const workspaceView = z.object({ id: z.string(), name: z.string(), role, personal: z.boolean() });

export const workspaceListSchema = z
  .object({
    workspaces: z.array(workspaceView),
    current: workspaceView.extend({ permissions: z.array(z.enum(PERMISSIONS)), deletable: z.boolean() }),
  })
  .openapi("WorkspaceList") satisfies z.ZodType<WorkspaceList>;

const seatsSchema = z
  .object({
    members: z.number().int(),
    pending: z.number().int().openapi({ description: "Open invitations to addresses not yet members, one per address." }),
    used: z.number().int().openapi({ description: "members + pending: the seats taken against `limit`." }),
    limit: z.number().int().nullable().openapi({ description: "The plan's member limit, owner included; null when it has none (Enterprise)." }),
    planId: z.enum(["free", "pro", "agency", "enterprise"]),
    planName: z.string(),
  })
  .openapi("WorkspaceSeats") satisfies z.ZodType<SeatsView>;

export const memberListSchema = z
  .object({
    members: z.array(
      z.object({ userId: z.string(), email: z.string().nullable(), role, joinedAt: z.string(), you: z.boolean() }) satisfies z.ZodType<MemberView>,
    ),
    seats: seatsSchema,
  })
  .openapi("WorkspaceMembers") satisfies z.ZodType<TeamView>;

const invitationView = z.object({ id: z.string(), email: z.string(), role, invitedAt: z.string(), expiresAt: z.string() }) satisfies z.ZodType<InvitationView>;
export const invitationSchema = invitationView.openapi("WorkspaceInvitation");
/** What an invitation link offers, read before accepting it; `problem` says why accepting would fail. */
export const invitationPreviewSchema = z
  .object({
    workspaceName: z.string(),
    role,
    email: z.string(),
    expiresAt: z.string(),
    problem: z.string().nullable(),
    /** The account has no address at all: adding the invited one (Settings → Account) is the way to accept. */
    needsAddress: z.boolean(),
  })
  .openapi("InvitationPreview");
export const acceptedSchema = invitationView.extend({ workspaceId: z.string(), workspaceName: z.string() }).openapi("AcceptedInvitation");
export const invitationListSchema = z.object({ invitations: z.array(invitationView) }).openapi("WorkspaceInvitations");

export const auditPageSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.string(),
        actorUserId: z.string().nullable(),
        actorEmail: z.string().nullable(),
        actorDeleted: z.boolean().openapi({ description: "The actor's account was deleted since; its address went with it." }),
        action: z.string(),
        target: z.string().nullable(),
        targetEmail: z.string().nullable().openapi({ description: "The address of the member account `target` names; null for other targets." }),
        detail: z.record(z.string(), z.unknown()),
        clientAddress: z.string().nullable(),
        createdAt: z.string(),
      }) satisfies z.ZodType<AuditEntryView>,
    ),
    next: z.string().nullable().openapi({ description: "Cursor of the next (older) page; null on the last." }),
  })
  .openapi("WorkspaceAuditPage");
