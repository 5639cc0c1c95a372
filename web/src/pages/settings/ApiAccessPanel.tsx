import { useId, useState, type FormEvent } from "react";
import { Link } from "../../components/Link";
import { LoadFailed } from "../../components/LoadFailed";
import { API_KEY_NAME_MAX_LENGTH, type ApiKeyList } from "@contract/api-keys";
import { PRO_PLAN } from "@contract/plans";
import { formatCount } from "../../lib/format";
import { ApiKeyTable } from "./ApiKeyTable";
import { NewKeyNotice } from "./NewKeyNotice";
import { useApiKeys, type KeyAction } from "./use-api-keys";

/** Settings → API Access: create, list, rotate and revoke the account's API keys, with their usage. */
export function ApiAccessPanel() {
  const keys = useApiKeys();
  const { keys: load } = keys;
  return (
    <div className="settings-panel">
      <h2>API Access</h2>
      <p>
        Read rank data from your own tools with an API key. See the <Link to="/docs/api">API documentation</Link> for every endpoint, with
        examples.
      </p>
      {load.status === "loading" && (
        <p className="seller-muted" role="status">
          Loading your API keys...
        </p>
      )}
      {load.status === "error" && <LoadFailed message={load.message ?? "Your API keys could not be loaded."} onRetry={keys.reload} />}
      {load.status === "success" && <KeysScreen list={load.data} state={keys} />}
      {keys.reverifyDialog}
    </div>
  );
}

function KeysScreen({ list, state }: { list: ApiKeyList; state: ReturnType<typeof useApiKeys> }) {
  if (list.requestsPerHour === null) {
    return (
      <>
        <p className="seller-muted">
          API keys come with the {PRO_PLAN.name} plan. Keys you made before a downgrade are kept, disabled, and work again after you upgrade.
        </p>
        <Link to="/pricing" className="button button--secondary">
          Compare plans
        </Link>
        {list.keys.length > 0 && (
          <ApiKeyTable keys={list.keys} busy={state.action.status === "busy"} refusal={rowRefusal(state.action)} onRevoke={state.revoke} />
        )}
      </>
    );
  }
  const full = list.keys.length >= list.maxKeys;
  return (
    <>
      <p>
        Up to <strong>{formatCount(list.requestsPerHour)} requests per hour</strong> across your keys on the {list.planName} plan.
      </p>
      <p role="status">
        This hour: <strong>{formatCount(list.usedThisHour)}</strong> of {formatCount(list.requestsPerHour)} requests used.
      </p>
      {state.created && <NewKeyNotice created={state.created} onDone={state.dismissCreated} />}
      <ApiKeyTable keys={list.keys} busy={state.action.status === "busy"} refusal={rowRefusal(state.action)} onRotate={state.rotate} onRevoke={state.revoke} />
      <NewKeyForm full={full} maxKeys={list.maxKeys} busy={state.action.status === "busy"} onCreate={state.create} />
      {state.action.status === "error" && state.action.keyId === null && (
        <p className="field-error" role="alert">
          {state.action.message}
        </p>
      )}
    </>
  );
}

/** A refused rotate or revoke, for its key's row: the line under the form may be out of view. */
function rowRefusal(action: KeyAction): { keyId: string; message: string } | null {
  return action.status === "error" && action.keyId !== null ? { keyId: action.keyId, message: action.message } : null;
}

function NewKeyForm(props: { full: boolean; maxKeys: number; busy: boolean; onCreate: (name: string) => Promise<boolean> }) {
  const id = useId();
  const [name, setName] = useState("");
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = name;
    // Emptied only if it still holds this name: the next one may have been typed meanwhile.
    if (await props.onCreate(typed)) setName((current) => (current === typed ? "" : current));
  }
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>New key</h3>
      <div className="field settings-form__field">
        <label htmlFor={`${id}-name`}>Key name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={API_KEY_NAME_MAX_LENGTH}
          required
          placeholder="e.g. Repricing script"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={`${id}-hint`} className="toggle__description">
          {props.full ? `You have ${props.maxKeys} live keys, the most allowed: revoke one first.` : `Up to ${props.maxKeys} live keys.`}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={props.full || props.busy || name.trim() === ""}>
        Create key
      </button>
    </form>
  );
}
