import type { Permission, WorkspaceList } from "@contract/workspaces";
import { fetchWorkspaces } from "../api/workspaces";
import { useCallback } from "react";
import { useResource } from "../api/use-resource";
import { useSession } from "./session";

/**
 * The signed-in account's workspaces (null while loading or on failure) and what its role may do
 * in the current one. `lacks` is true only once the list says so: the server refuses what a role
 * may not do anyway, so an unknown list hides nothing. Each component asks on mount (a sign-out
 * and another sign-in in the same tab must never show the previous account's list).
 */
export function useWorkspaces(): {
  list: WorkspaceList | null;
  can: (permission: Permission) => boolean;
  lacks: (permission: Permission) => boolean;
  reload: () => void;
} {
  // Signed out (or not known yet) there is no list to ask for: no request, so no 401 in the console.
  const signedIn = useSession().user?.authenticated === true;
  const fetcher = useCallback((signal: AbortSignal) => (signedIn ? fetchWorkspaces(signal) : Promise.resolve(null)), [signedIn]);
  const [loaded, reload] = useResource(fetcher);
  const list = loaded.status === "success" ? loaded.data : null;
  const can = (permission: Permission) => list?.current.permissions.includes(permission) ?? false;
  return { list, can, lacks: (permission) => list !== null && !can(permission), reload };
}
