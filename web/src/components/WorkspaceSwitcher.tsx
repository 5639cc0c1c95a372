import { useState } from "react";
import { switchWorkspace } from "../api/workspaces";
import { useWorkspaces } from "../state/workspaces";
import "../styles/workspaces.css";

/**
 * The header's workspace picker: a native select (keyboard and screen readers work as usual),
 * shown only to an account with more than one workspace. Switching reloads the page, so every
 * screen's data comes again from the new workspace. The header renders it (and loads its chunk)
 * only for a signed-in account that is not the demo.
 */
export function WorkspaceSwitcher() {
  const { list } = useWorkspaces();
  const [busy, setBusy] = useState(false);
  if (list === null || list.workspaces.length < 2) return null;

  async function choose(workspaceId: string) {
    setBusy(true);
    try {
      await switchWorkspace(workspaceId);
      window.location.reload();
    } catch {
      setBusy(false);
    }
  }

  return (
    <div className="workspace-switcher">
      <label htmlFor="workspace-switcher" className="visually-hidden">
        Workspace
      </label>
      <select id="workspace-switcher" value={list.current.id} disabled={busy} onChange={(event) => void choose(event.target.value)}>
        {list.workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.personal ? `${workspace.name} (personal)` : workspace.name}
          </option>
        ))}
      </select>
    </div>
  );
}
