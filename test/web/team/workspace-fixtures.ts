import type { WorkspaceList, WorkspaceRole } from "@contract/workspaces";

/** What each role may do, as the server sends it with the workspaces (worker/workspaces/roles.ts). */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, WorkspaceList["current"]["permissions"]> = {
  owner: ["read", "track", "settings", "connections", "keys", "members", "billing", "ownership"],
  admin: ["read", "track", "settings", "connections", "keys", "members"],
  analyst: ["read", "track"],
  viewer: ["read"],
};

/** The signed-in user's own workspace, listed before the shared one where a test needs two. */
export const PERSONAL_WORKSPACE: WorkspaceList["workspaces"][number] = { id: "me", name: "me@example.com", role: "owner", personal: true };

/** `GET /api/workspaces` with "Acme Agency" current, held as `role`, after any `others`. */
export function acmeWorkspaces(role: WorkspaceRole, others: WorkspaceList["workspaces"] = []): WorkspaceList {
  return {
    workspaces: [...others, { id: "acme", name: "Acme Agency", role, personal: false }],
    current: { id: "acme", name: "Acme Agency", role, personal: false, permissions: ROLE_PERMISSIONS[role] },
  };
}
