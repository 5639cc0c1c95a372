import type { SaveState } from "./use-seller-settings";

/** The Save button of a settings form, with its saving, saved and error states. */
export function SaveBar({ save }: { save: SaveState }) {
  return (
    <div className="save-bar">
      <button type="submit" className="button button--primary" disabled={save.status === "saving"}>
        {save.status === "saving" ? "Saving..." : "Save settings"}
      </button>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p className="save-bar__status" role="status">
        {save.status === "saved" ? "Settings saved." : ""}
      </p>
      {save.status === "error" && (
        <p className="field-error" role="alert">
          {save.message}
        </p>
      )}
    </div>
  );
}
