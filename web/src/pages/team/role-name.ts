import type { WorkspaceRole } from "@contract/workspaces";

const ROLE_NAMES: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", analyst: "Analyst", viewer: "Viewer" };

/** A role as the app names it to people (as the audit log does: "Owner"); the API's code stays lowercase. */
export function roleName(role: WorkspaceRole): string {
  return ROLE_NAMES[role] ?? role;
}
