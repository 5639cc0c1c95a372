import { Fragment, useState } from "react";
import type { ApiKeyView } from "@contract/api-keys";
import { RefusalRow } from "../../components/LimitMessage";
import { formatCount, formatUtc } from "../../lib/format";

interface Props {
  keys: ApiKeyView[];
  busy: boolean;
  /** Absent while the plan has no API access: a disabled key can be revoked, not rotated. */
  onRotate?: (id: string) => Promise<boolean>;
  onRevoke: (id: string) => Promise<boolean>;
  /** A refused rotate or revoke: shown in that key's row. */
  refusal?: { keyId: string; message: string } | null;
}

/** The live keys: name, prefix, dates, usage this hour and per day over 7 days, and actions. */
export function ApiKeyTable({ keys, busy, onRotate, onRevoke, refusal = null }: Props) {
  // Rotating revokes the old key at once, as revoking does: both ask first.
  const [confirming, setConfirming] = useState<{ id: string; action: KeyAction } | null>(null);
  if (keys.length === 0) return <p className="seller-muted">No API keys yet. Create one below.</p>;
  return (
    <>
      <div className="api-keys__scroll">
        <table className="api-keys">
          <caption>Your API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">This hour</th>
              <th scope="col">Last 7 days</th>
              <th scope="col">Made by</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <Fragment key={key.id}>
                <tr>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{formatUtc(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatUtc(key.lastUsedAt) : "Never"}</td>
                  <td>{formatCount(key.usage.thisHour)}</td>
                  <td>
                    <span>{formatCount(key.usage.days.reduce((sum, day) => sum + day.requests, 0))}</span>
                    <span className="api-keys__days" aria-label={`Per day: ${key.usage.days.map((d) => `${d.day} ${d.requests}`).join(", ")}`}>
                      {/* A no-break space before each dot: a wrapped line never starts with one. */}
                      {key.usage.days.map((d) => formatCount(d.requests)).join("\u00a0· ")}
                    </span>
                  </td>
                  <td className="api-keys__maker">{makerText(key.madeBy)}</td>
                  <td>
                    {/* The flex row is inside the cell: a flex <td> stops being a table cell and leaves its row. */}
                    <div className="api-keys__actions">
                      {confirming?.id === key.id ? (
                        <ConfirmKeyAction
                          keyName={key.name}
                          action={confirming.action}
                          busy={busy}
                          onConfirm={() => void (confirming.action === "rotate" ? onRotate : onRevoke)?.(key.id).then(() => setConfirming(null))}
                          onCancel={() => setConfirming(null)}
                        />
                      ) : (
                        <>
                          {onRotate && (
                            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming({ id: key.id, action: "rotate" })}>
                              Rotate<span className="visually-hidden"> {key.name}</span>
                            </button>
                          )}
                          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming({ id: key.id, action: "revoke" })}>
                            Revoke<span className="visually-hidden"> {key.name}</span>
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
                {refusal?.keyId === key.id && <RefusalRow columns={8} text={refusal.message} />}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <p className="seller-muted">
        A key acts with its maker&apos;s current role in this workspace (a viewer&apos;s key only reads), and stops when its maker leaves or is removed. Rotating a key makes you its maker.
      </p>
    </>
  );
}

/** "ana@example.com (viewer)": who made a key and the role it acts with. */
function makerText({ email, role }: ApiKeyView["madeBy"]): string {
  return `${email ?? "A member without an address"} (${role ?? "no longer a member"})`;
}

type KeyAction = "rotate" | "revoke";

/** The question before a key stops working: what happens, Confirm and Cancel. */
function ConfirmKeyAction(props: { keyName: string; action: KeyAction; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { keyName, action, busy } = props;
  return (
    <>
        <span className="toggle__description">
          {keyName} stops working at once{action === "rotate" ? "; a new key replaces it, made by you and shown once" : ""}.
        </span>
        <button type="button" className="button button--danger" disabled={busy} onClick={props.onConfirm}>
          Confirm {action}<span className="visually-hidden"> {keyName}</span>
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={props.onCancel}>
          Cancel<span className="visually-hidden"> {action} {keyName}</span>
        </button>
    </>
  );
}
