/** Workspaces, members, roles and invitations as the API answers them. Zod-free: the web imports it. */
import type { PlanId } from "./plans";

export const WORKSPACE_ROLES = ["owner", "admin", "analyst", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/**
 * What a role may do (worker/workspaces/roles.ts maps roles to these; every /api route needs
 * one of them, worker/routes/route-permissions.ts):
 * - read: see the workspace's data (watchlist, alerts, dashboard, portfolio, settings, billing).
 * - track: change the watchlist and alerts, refresh, export, mark notifications read.
 * - settings: change settings, notification channels and webhooks.
 * - connections: connect, reconnect and disconnect seller accounts.
 * - keys: create, rotate and revoke the workspace's API keys.
 * - members: invite, change roles of and remove admins, analysts and viewers; read the audit log.
 * - billing: checkout, portal, plan changes; owners only.
 * - ownership: make or remove owners, delete the workspace; owners only.
 */
export const PERMISSIONS = ["read", "track", "settings", "connections", "keys", "members", "billing", "ownership"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const INVITATION_DAYS = 7;
/** Free workspaces one account may own, its personal one included (workspaces/free-workspaces.ts says why). */
export const FREE_WORKSPACES_PER_ACCOUNT = 3;
export const WORKSPACE_NAME_MAX_LENGTH = 80;

export interface WorkspaceView {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** The account's own workspace (its id is the account's id). */
  personal: boolean;
}

/** GET /api/workspaces: the account's workspaces and the current one with what the role may do. */
export interface WorkspaceList {
  workspaces: WorkspaceView[];
  current: WorkspaceView & {
    permissions: Permission[];
    /** Whether this member may delete it: an owner, and not a personal workspace (this account's or another's). */
    deletable: boolean;
  };
}

export interface MemberView {
  userId: string;
  /** The member's confirmed email; null for an account signed in with Amazon only. */
  email: string | null;
  role: WorkspaceRole;
  joinedAt: string;
  you: boolean;
}

/**
 * A workspace's seats against its plan's `memberLimit`: members, plus open invitations to
 * addresses not yet in it (one seat per address, however often it was invited).
 */
export interface SeatsView {
  members: number;
  pending: number;
  /** members + pending. */
  used: number;
  /** The plan's member limit, owner included; null when it has none (Enterprise). */
  limit: number | null;
  planId: PlanId;
  planName: string;
}

/** GET /api/workspaces/members (and a role change's answer). */
export interface TeamView {
  members: MemberView[];
  seats: SeatsView;
}

export interface InvitationView {
  id: string;
  email: string;
  role: WorkspaceRole;
  invitedAt: string;
  expiresAt: string;
}

export interface AuditEntryView {
  id: string;
  actorUserId: string | null;
  actorEmail: string | null;
  /** The actor's account was deleted since (its address went with it): not an account without an address. */
  actorDeleted: boolean;
  action: string;
  target: string | null;
  /** The address of the account `target` names (a member a role change or removal was about); null for any other target. */
  targetEmail: string | null;
  detail: Record<string, unknown>;
  clientAddress: string | null;
  createdAt: string;
}
