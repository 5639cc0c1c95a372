import { useWorkspaces } from "../../state/workspaces";
import type { SaveState } from "./use-seller-settings";

interface SaveBarProps {
  save: SaveState;
  label?: string;
  savedText?: string;
}

/**
 * The Save button of a settings form, with its saving, saved and error states; in its place, a
 * line saying who may change settings when the workspace role may not (the server refuses too).
 */
export function SaveBar({ save, label = "Save settings", savedText = "Settings saved." }: SaveBarProps) {
  const { list, lacks } = useWorkspaces();
  if (lacks("settings")) {
    return <p className="seller-muted">Only the owners and admins of {list?.current.name} change its settings.</p>;
  }
  return (
    <div className="save-bar">
      <button type="submit" className="button button--primary" disabled={save.status === "saving"}>
        {save.status === "saving" ? "Saving..." : label}
      </button>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p className="save-bar__status" role="status">
        {save.status === "saved" ? savedText : ""}
      </p>
      {save.status === "error" && (
        <p className="field-error" role="alert">
          {save.message}
        </p>
      )}
    </div>
  );
}
