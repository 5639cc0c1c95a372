import type { AlertView } from "@contract/alerts";

type Channels = Pick<AlertView, "email_enabled" | "in_app_enabled">;

/** Email and in-app checkboxes, shared by the New Alert form and an alert's Edit form. */
export function ChannelChoices<T extends Channels>({ draft, onChange }: { draft: T; onChange: (draft: T) => void }) {
  return (
    <fieldset className="alert-form__channels">
      <legend>Notify me by</legend>
      <label className="choice">
        <input type="checkbox" checked={draft.email_enabled} onChange={(event) => onChange({ ...draft, email_enabled: event.target.checked })} />
        <span>Email</span>
      </label>
      <label className="choice">
        <input type="checkbox" checked={draft.in_app_enabled} onChange={(event) => onChange({ ...draft, in_app_enabled: event.target.checked })} />
        <span>In-app</span>
      </label>
    </fieldset>
  );
}
