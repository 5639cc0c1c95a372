import type { WorkspaceList } from "@contract/workspaces";
import { callJson } from "./call-json";

// The account's workspaces, which the layout asks for on every page (state/workspaces.tsx): its own
// module, so the rest of workspaces.ts, which only lazy pages use, stays out of the first-load JS.

export function fetchWorkspaces(signal?: AbortSignal): Promise<WorkspaceList> {
  return callJson("/api/workspaces", { signal });
}
