import { useState } from "react";
import { deleteWorkspace } from "../../api/workspaces";
import { ConfirmButton } from "../../components/ConfirmButton";
import type { Act } from "./Invitations";

/** Where the session lands once its workspace is gone (the personal one), as after leaving. */
const AFTER_DELETE = "/seller-central";

/**
 * Deletes the current workspace (owners, never a personal one), after a confirmation that says
 * what goes with it (docs/accounts.md#workspaces). A refusal (Stripe did not cancel: 502, nothing
 * deleted; another account's personal workspace: 409) shows here, by the button.
 */
export function DeleteWorkspace({ name, busy, act }: { name: string; busy: boolean; act: Act }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <>
      <h3 className="team-subhead">Delete this workspace</h3>
      <p className="seller-muted">It goes with all its data, for every member; you then work in your personal workspace.</p>
      <ConfirmButton
        confirmName={`Confirm deleting ${name}`}
        question={
          `Delete ${name}? Its watchlist, rank alerts, notifications, API keys, settings, audit log and seller accounts with their data ` +
          `are erased, and every member loses access at once. Its subscription, if it has one, is canceled now, with no refund ` +
          `for the rest of the period. This cannot be undone.`
        }
        confirmText="Yes, delete it"
        busy={busy}
        onConfirm={() => {
          setRefusal(null);
          // A full page load: every screen, the header's switcher included, asks again in the personal workspace.
          return act(deleteWorkspace, () => window.location.assign(AFTER_DELETE), setRefusal);
        }}
      >
        Delete {name}
      </ConfirmButton>
      {refusal !== null && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </>
  );
}
