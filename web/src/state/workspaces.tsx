import type { Permission, WorkspaceList } from "@contract/workspaces";
import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from "react";
import { showWorkspace } from "../api/http";
import { fetchWorkspaces } from "../api/workspace-list";
import { useResource, type Resource } from "../api/use-resource";
import { useSession } from "./session";

interface Workspaces {
  list: WorkspaceList | null;
  can: (permission: Permission) => boolean;
  lacks: (permission: Permission) => boolean;
  reload: () => void;
}

const WorkspacesContext = createContext<[Resource<WorkspaceList | null>, () => void] | null>(null);

/**
 * The signed-in account's workspaces, asked for once per signed-in session (again after a sign-in,
 * a sign-out or `reload`), and shared by every component under it: a page that asked once per
 * component still had a request in flight when a quick sign-out revoked the session.
 */
export function WorkspacesProvider({ children }: { children: ReactNode }) {
  const loaded = useWorkspaceList();
  const [resource] = loaded;
  // Every call from here on names the workspace this tab shows (api/http.ts); none while it is
  // not known (signed out, or another account's list still loading after a sign-in).
  const shown = resource.status === "success" ? (resource.data?.current.id ?? null) : null;
  useEffect(() => {
    showWorkspace(shown);
  }, [shown]);
  return <WorkspacesContext value={loaded}>{children}</WorkspacesContext>;
}

/** The list, asked for while `needed` and signed in (nothing is asked for signed out: no 401 in the console). */
function useWorkspaceList(needed = true): [Resource<WorkspaceList | null>, () => void] {
  const { user } = useSession();
  const signedIn = needed && user?.authenticated === true;
  // A new status (sign-in, sign-out, another account) asks again: never the previous account's list.
  const fetcher = useCallback((signal: AbortSignal) => (signedIn ? fetchWorkspaces(signal) : Promise.resolve(null)), [signedIn, user]);
  return useResource(fetcher);
}

/**
 * The workspaces (null while loading or on failure) and what the role may do in the current one.
 * `lacks` is true only once the list says so: the server refuses what a role may not do anyway,
 * so an unknown list hides nothing. Outside the provider (a component rendered on its own) the
 * component asks for itself.
 */
export function useWorkspaces(): Workspaces {
  const shared = use(WorkspacesContext);
  const own = useWorkspaceList(shared === null);
  const [loaded, reload] = shared ?? own;
  return useMemo(() => {
    const list = loaded.status === "success" ? loaded.data : null;
    const can = (permission: Permission) => list?.current.permissions.includes(permission) ?? false;
    return { list, can, lacks: (permission: Permission) => list !== null && !can(permission), reload };
  }, [loaded, reload]);
}
