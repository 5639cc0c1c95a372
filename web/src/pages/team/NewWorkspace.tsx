import { useState, type FormEvent } from "react";
import { FREE_WORKSPACES_PER_ACCOUNT, WORKSPACE_NAME_MAX_LENGTH } from "@contract/workspaces";
import { createWorkspace } from "../../api/workspaces";
import { LimitMessage } from "../../components/LimitMessage";
import type { Act } from "./Invitations";

/**
 * Another workspace (a client, a brand), owned by this account; the page reloads into it. The demo
 * account gets a note instead of the form: the API refuses it (403), so a form would only fail.
 * A refusal shows by the form, at the foot of the page, not at its top where nobody would see it.
 */
export function NewWorkspace({ demo, busy, act }: { demo: boolean; busy: boolean; act: Act }) {
  const [name, setName] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    void act(() => createWorkspace(name.trim()), () => window.location.assign("/team"), setRefusal);
  }
  return (
    <section className="team-section" aria-labelledby="new-workspace-heading">
      <h2 id="new-workspace-heading">New workspace</h2>
      {demo ? (
        <p className="seller-muted">The demo account cannot create workspaces. Sign in by email to make an account of your own.</p>
      ) : (
        <>
          <p className="seller-muted">
            A workspace has its own watchlist, alerts, keys, billing and team; you are its owner. It starts on the Free plan, and you may own up to{" "}
            {FREE_WORKSPACES_PER_ACCOUNT} Free workspaces, your personal one included.
          </p>
          <form className="team-form" onSubmit={submit}>
            <div className="field">
              <label htmlFor="workspace-name">Workspace name</label>
              <input
                id="workspace-name"
                maxLength={WORKSPACE_NAME_MAX_LENGTH}
                required
                aria-invalid={refusal !== null}
                aria-describedby={refusal !== null ? "new-workspace-error" : undefined}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--secondary" disabled={busy || name.trim() === ""}>
              Create workspace
            </button>
          </form>
          {refusal !== null && <LimitMessage id="new-workspace-error" text={refusal} inline />}
        </>
      )}
    </section>
  );
}
