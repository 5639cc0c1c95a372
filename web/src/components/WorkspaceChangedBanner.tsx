import { useWorkspaces } from "../state/workspaces";

/**
 * Shown (AppLayout) when a call answered 409 `workspace_changed`: another tab switched this
 * browser's session to another workspace (or this member was removed from the one shown). The
 * call was refused, so nothing went to the wrong workspace; the page stays as it is, with what was
 * typed in it, until the visitor reloads it in the workspace the browser now works in.
 */
export function WorkspaceChangedBanner() {
  const { list } = useWorkspaces();
  const shown = list?.current.name;
  return (
    <div className="card session-ended" role="alert">
      <p>
        This tab shows {shown ? <strong>{shown}</strong> : "another workspace"}, but this browser now works in another workspace (switched in another tab, or
        your membership changed). Nothing was changed here. Reload to go on in the workspace it works in now.
      </p>
      <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
