import type { SaveState } from "./use-seller-settings";

interface SaveBarProps {
  save: SaveState;
  label?: string;
  savedText?: string;
}

/** The Save button of a settings form, with its saving, saved and error states. */
export function SaveBar({ save, label = "Save settings", savedText = "Settings saved." }: SaveBarProps) {
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
