import { PERMISSIONS, WORKSPACE_ROLES, type Permission, type WorkspaceRole } from "../contract/workspaces";

/**
 * THE table of what each workspace role may do (docs/accounts.md#roles). Pure: the permission
 * middleware, the API key check and the web app's buttons all read it.
 * - owner: everything, billing and ownership included.
 * - admin: everything but billing and owners: members (not owners), connections, keys, settings.
 * - analyst: reads everything and works with the data: watchlist, alerts, refresh, exports.
 * - viewer: reads only.
 */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ["read", "track", "settings", "connections", "keys", "members"],
  analyst: ["read", "track"],
  viewer: ["read"],
};

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: WorkspaceRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** What each permission allows, as the end of "Your role … may not …". */
const PERMISSION_WORDS: Record<Permission, string> = {
  read: "see this workspace's data",
  track: "change the watchlist or alerts, refresh data, export or mark notifications read",
  settings: "change the workspace's settings, alert channels, branding or name",
  connections: "connect, reconnect or disconnect seller accounts",
  keys: "see or manage the workspace's API keys",
  members: "invite, change or remove members, or read the audit log",
  billing: "change the plan or billing",
  ownership: "make or remove owners, or delete the workspace",
};

/**
 * The words of a role refusal (403): what the role may not do and whom to ask, never a
 * permission's code. Whom to ask comes from the table: for billing an admin is no one to ask.
 */
export function roleRefusal(workspaceName: string, role: WorkspaceRole, permission: Permission): string {
  const askable = (["owner", "admin"] as const).filter((other) => can(other, permission));
  return `Your role in ${workspaceName} (${role}) may not ${PERMISSION_WORDS[permission]}. Ask an ${askable.join(" or ")}.`;
}

/**
 * Whether `actor` may give `target`'s member the role `next` (or remove them, next = null):
 * owners may do anything; admins only below owner, and never to an owner.
 */
export function canManageMember(actor: WorkspaceRole, current: WorkspaceRole, next: WorkspaceRole | null): boolean {
  if (actor === "owner") return true;
  if (!can(actor, "members")) return false;
  return current !== "owner" && next !== "owner";
}

/**
 * Whether a member with role `inviter` (null: no longer a member) may invite someone as `role`:
 * owners anyone, admins anyone below owner. An open invitation is only as good as this: it dies
 * when its inviter leaves or is demoted below it.
 */
export function canInvite(inviter: WorkspaceRole | null, role: WorkspaceRole): boolean {
  return inviter !== null && can(inviter, "members") && (role !== "owner" || inviter === "owner");
}

/** The invited roles a member with role `inviter` may no longer have open invitations for. */
export function rolesNotInvitableBy(inviter: WorkspaceRole | null): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => !canInvite(inviter, role));
}

/** Why a change would leave the workspace without an owner, or null when it would not. */
export function lastOwnerProblem(owners: number, current: WorkspaceRole, next: WorkspaceRole | null): string | null {
  if (current === "owner" && next !== "owner" && owners <= 1) {
    return "A workspace needs an owner: make another member owner first.";
  }
  return null;
}
