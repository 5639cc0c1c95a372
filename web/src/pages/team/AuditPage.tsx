import { useState } from "react";
import type { AuditEntryView } from "@contract/workspaces";
import { ApiError, errorMessage } from "../../api/api-error";
import { useResource } from "../../api/use-resource";
import { AUDIT_CSV_URL, fetchAudit } from "../../api/workspaces";
import { LoadFailed } from "../../components/LoadFailed";
import { RequireSignIn } from "../../components/RequireSignIn";
import { formatUtc } from "../../lib/format";
import { useWorkspaces } from "../../state/workspaces";
import "../../styles/seller.css";
import "../../styles/workspaces.css";
import { auditActionText } from "./audit-action-text";
import { memberName } from "./member-name";

type AuditEntries = Awaited<ReturnType<typeof fetchAudit>>;

/** Who did it: nobody (an address's own unsubscribe link), a deleted account, or the member by address (memberName). */
function actorOf(entry: AuditEntryView): string {
  if (entry.actorUserId === null && entry.actorEmail === null) return "—";
  return entry.actorDeleted ? "Deleted account" : memberName(entry.actorEmail);
}

const REFUSED = "Your role in this workspace may not read its audit log. Ask an owner or admin.";

/** The newest entries, or the server's refusal (403: the role may not read the log, so retrying cannot help). */
async function firstPage(signal: AbortSignal): Promise<AuditEntries | { refused: string }> {
  try {
    return await fetchAudit(null, signal);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 403) return { refused: errorMessage(failure, REFUSED) };
    throw failure;
  }
}

/** /team/audit: who did what in the current workspace (owners and admins), newest first, with a CSV download. */
export function AuditPage() {
  return (
    <RequireSignIn title="Audit log" reason="Sign in to see your workspace's audit log.">
      {() => <AuditScreen />}
    </RequireSignIn>
  );
}

function AuditScreen() {
  const [answer, reload] = useResource(firstPage);
  const [more, setMore] = useState<{ entries: AuditEntryView[]; next: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { lacks } = useWorkspaces();
  const refused = answer.status === "success" && "refused" in answer.data ? answer.data.refused : null;
  const loaded = answer.status === "success" && !("refused" in answer.data) ? answer.data : null;
  // The CSV is refused to the same roles: no link that would fail (known from the role before the log answers).
  const mayDownload = refused === null && !lacks("members");
  const entries = [...(loaded?.entries ?? []), ...(more?.entries ?? [])];
  const next = more ? more.next : (loaded?.next ?? null);

  async function loadMore() {
    if (!next) return;
    try {
      const page = await fetchAudit(next);
      setMore({ entries: [...(more?.entries ?? []), ...page.entries], next: page.next });
    } catch (failure) {
      setError(errorMessage(failure, "Failed to load more entries."));
    }
  }

  return (
    <div className="container seller-page">
      <div className="audit-head">
        <h1>Audit log</h1>
        {mayDownload && (
          <a className="button button--secondary" href={AUDIT_CSV_URL} download>
            Download CSV
          </a>
        )}
      </div>
      <p className="seller-muted">Invitations, roles, API keys, connections, billing and deletions, kept for one year.</p>
      {refused !== null && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      {answer.status === "error" && <LoadFailed message={answer.message ?? "Failed to load the audit log."} onRetry={reload} />}
      {answer.status === "loading" && <p className="seller-muted">Loading…</p>}
      {loaded !== null && entries.length === 0 && <p className="seller-muted">Nothing recorded yet.</p>}
      {entries.length > 0 && (
        <div className="api-keys__scroll">
          <table className="api-keys">
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatUtc(entry.createdAt)}</td>
                  <td>{actorOf(entry)}</td>
                  <th scope="row">{auditActionText(entry)}</th>
                  <td>{entry.targetEmail ?? entry.target ?? "—"}</td>
                  <td>{entry.clientAddress ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {next && (
        <button type="button" className="button button--secondary" onClick={() => void loadMore()}>
          Load older entries
        </button>
      )}
    </div>
  );
}
