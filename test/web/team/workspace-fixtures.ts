import type { WorkspaceList, WorkspaceRole } from "@contract/workspaces";
import { permissionsOf } from "../../../worker/workspaces/roles";

/** An analyst of "Acme Agency", as `GET /api/workspaces/members` lists her. */
export const ANA = { userId: "a1", email: "ana@example.com", role: "analyst", joinedAt: "2026-11-03T00:00:00.000Z", you: false };
/** An open invitation of a viewer, as `GET /api/workspaces/invitations` lists it. */
export const BEA_INVITED = { id: "i1", email: "bea@example.com", role: "viewer", invitedAt: "2026-11-20T00:00:00.000Z", expiresAt: "2026-11-27T00:00:00.000Z" };

/** The signed-in user's own workspace, listed before the shared one where a test needs two. */
export const PERSONAL_WORKSPACE: WorkspaceList["workspaces"][number] = { id: "me", name: "me@example.com", role: "owner", personal: true };

/** `GET /api/workspaces` with "Acme Agency" current, held as `role`, after any `others`. */
export function acmeWorkspaces(role: WorkspaceRole, others: WorkspaceList["workspaces"] = []): WorkspaceList {
  return {
    workspaces: [...others, { id: "acme", name: "Acme Agency", role, personal: false }],
    current: { id: "acme", name: "Acme Agency", role, personal: false, permissions: permissionsOf(role), deletable: role === "owner" },
  };
}
