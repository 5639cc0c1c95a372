import { useState, type FormEvent } from "react";
import { WORKSPACE_NAME_MAX_LENGTH } from "@contract/workspaces";
import { renameWorkspace } from "../../api/workspaces";
import type { Act } from "./Invitations";

/**
 * Renames the current workspace (owners and admins): the name invitation emails and the header's
 * switcher show. `onRenamed` asks for the workspace list again, so the page title and the
 * switcher take the new name without a page load.
 */
export function RenameWorkspace({ name, busy, act, onRenamed }: { name: string; busy: boolean; act: Act; onRenamed: () => void }) {
  const [value, setValue] = useState(name);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [renamedTo, setRenamedTo] = useState<string | null>(null);
  const next = value.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setRenamedTo(null);
    void act(
      () => renameWorkspace(next),
      () => {
        setValue(next);
        setRenamedTo(next);
        onRenamed();
      },
      setRefusal,
    );
  }

  return (
    <>
      <h3 className="team-subhead">Rename this workspace</h3>
      <form className="team-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="rename-workspace">Name</label>
          <input
            id="rename-workspace"
            maxLength={WORKSPACE_NAME_MAX_LENGTH}
            required
            autoComplete="off"
            aria-invalid={refusal !== null}
            aria-describedby={refusal !== null ? "rename-workspace-error" : undefined}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy || next === "" || next === name}>
          Rename
        </button>
      </form>
      {refusal !== null && (
        <p id="rename-workspace-error" className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {renamedTo !== null && (
        <p role="status" className="seller-muted">
          Renamed to {renamedTo}.
        </p>
      )}
    </>
  );
}
