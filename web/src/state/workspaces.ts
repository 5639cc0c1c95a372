import type { Permission, WorkspaceList } from "@contract/workspaces";
import { fetchWorkspaces } from "../api/workspaces";
import { useResource } from "../api/use-resource";

/**
 * The signed-in account's workspaces (null while loading or on failure) and what its role may do
 * in the current one. `lacks` is true only once the list says so: the server refuses what a role
 * may not do anyway, so an unknown list hides nothing.
 */
// One request per page load, shared by every component that asks: switching, creating, leaving and
// accepting all load the page again, so the list cannot go stale under a screen that shows it.
let shared: Promise<WorkspaceList> | null = null;
const sharedWorkspaces = () => {
  shared ??= fetchWorkspaces().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
};

/** Forgets the shared list (tests, and after a change made without a page load). */
export function forgetWorkspaces(): void {
  shared = null;
}

export function useWorkspaces(): {
  list: WorkspaceList | null;
  can: (permission: Permission) => boolean;
  lacks: (permission: Permission) => boolean;
  reload: () => void;
} {
  const [loaded, reload] = useResource(sharedWorkspaces);
  const list = loaded.status === "success" ? loaded.data : null;
  const can = (permission: Permission) => list?.current.permissions.includes(permission) ?? false;
  return { list, can, lacks: (permission) => list !== null && !can(permission), reload };
}
