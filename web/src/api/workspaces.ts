import type { AuditEntryView, InvitationView, TeamView, WorkspaceList, WorkspaceRole } from "@contract/workspaces";
import { responseData } from "./response-data";
import { api } from "./client";
import { withIdempotencyKey } from "./idempotency";

// /api/workspaces: switching, creating and leaving workspaces, the team of the current one, invitations
// and the audit log. The list itself is in workspace-list.ts (the first-load JS needs only that).

const workspaces = api.api.workspaces;

export function switchWorkspace(workspaceId: string): Promise<WorkspaceList> {
  return responseData(workspaces.switch.$post({ json: { workspaceId } }));
}

export function createWorkspace(name: string): Promise<WorkspaceList> {
  return withIdempotencyKey("createWorkspace", name, (headers) => responseData(workspaces.$post({ json: { name } }, { headers })));
}

/** Renames the current workspace (owners and admins); the answer lists it under its new name. */
export function renameWorkspace(name: string): Promise<WorkspaceList> {
  return responseData(workspaces.current.$patch({ json: { name } }));
}

/** Deletes the current workspace and all its data (owners; never a personal one); the session falls back to the personal workspace. */
export async function deleteWorkspace(): Promise<void> {
  await workspaces.current.$delete();
}

export function leaveWorkspace(): Promise<WorkspaceList> {
  return responseData(workspaces.leave.$post());
}

/** The members and the seats they and the open invitations take against the plan. */
export function fetchTeam(signal?: AbortSignal): Promise<TeamView> {
  return responseData(workspaces.members.$get(undefined, { init: { signal } }));
}

export function changeRole(userId: string, role: WorkspaceRole): Promise<TeamView> {
  return responseData(workspaces.members[":userId"].$patch({ param: { userId }, json: { role } }));
}

export async function removeMember(userId: string): Promise<void> {
  await workspaces.members[":userId"].$delete({ param: { userId } });
}

export async function fetchInvitations(signal?: AbortSignal): Promise<InvitationView[]> {
  return (await responseData(workspaces.invitations.$get(undefined, { init: { signal } }))).invitations;
}

export function inviteMember(email: string, role: WorkspaceRole): Promise<InvitationView> {
  return withIdempotencyKey("inviteMember", { email, role }, (headers) => responseData(workspaces.invitations.$post({ json: { email, role } }, { headers })));
}

export async function withdrawInvitation(id: string): Promise<void> {
  await workspaces.invitations[":id"].$delete({ param: { id } });
}

/** What an invitation link offers (workspace, role, address), and why accepting would fail; nothing changes. */
export function previewInvitation(token: string) {
  return responseData(workspaces.invitations.preview.$post({ json: { token } }));
}

export function acceptInvitation(token: string) {
  return responseData(workspaces.invitations.accept.$post({ json: { token } }));
}

export function fetchAudit(before: string | null, signal?: AbortSignal): Promise<{ entries: AuditEntryView[]; next: string | null }> {
  return responseData(workspaces.audit.$get({ query: before ? { before } : {} }, { init: { signal } }));
}

/** The CSV download: a plain link, so the browser saves the file. */
export const AUDIT_CSV_URL = "/api/workspaces/audit.csv";
