import { useId, useState, type FormEvent } from "react";
import { tryRequest, type TryResult } from "../../api/openapi";
import { bodyExample, exampleValues, requestPath, type OperationRef } from "./examples";

/** Sends the operation with the signed-in user's own session and shows the answer. */
export function TryIt({ refOp }: { refOp: OperationRef }) {
  const id = useId();
  const { operation, method } = refOp;
  const [values, setValues] = useState(() => exampleValues(operation));
  const [body, setBody] = useState(() => {
    const example = bodyExample(operation);
    return example === null ? null : JSON.stringify(JSON.parse(example), null, 2);
  });
  const [state, setState] = useState<{ status: "idle" | "busy" } | { status: "done"; result: TryResult } | { status: "error"; message: string }>({
    status: "idle",
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ status: "busy" });
    try {
      setState({ status: "done", result: await tryRequest(method.toUpperCase(), requestPath(refOp, values), body) });
    } catch {
      setState({ status: "error", message: "The request could not be sent. Check your connection." });
    }
  }

  return (
    // Named after its operation too: a screen reader's list of forms would otherwise hold thirty "Try it"s.
    <form className="docs-try" onSubmit={(event) => void submit(event)} aria-label={`Try it: ${method.toUpperCase()} /api${refOp.path}`}>
      <h4>Try it</h4>
      <p className="docs-muted">Sent with your signed-in session rather than a key, so it uses none of your keys' hourly requests.</p>
      {(operation.parameters ?? []).map((parameter) => (
        <div className="field docs-try__field" key={parameter.name}>
          <label htmlFor={`${id}-${parameter.name}`}>
            {parameter.name}
            {parameter.required ? " (required)" : ""}
          </label>
          <input
            id={`${id}-${parameter.name}`}
            value={values[parameter.name] ?? ""}
            onChange={(event) => setValues((current) => ({ ...current, [parameter.name]: event.target.value }))}
          />
        </div>
      ))}
      {body !== null && (
        <div className="field docs-try__field">
          <label htmlFor={`${id}-body`}>JSON body</label>
          <textarea id={`${id}-body`} rows={6} value={body} onChange={(event) => setBody(event.target.value)} spellCheck={false} />
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={state.status === "busy"}>
        {state.status === "busy" ? "Sending..." : `Send ${method.toUpperCase()}`}
      </button>
      <div role="status" aria-live="polite">
        {state.status === "done" && (
          <>
            <p>
              HTTP <strong>{state.result.status}</strong>
            </p>
            <pre className="docs-try__result" tabIndex={0} aria-label="Response body">
              <code>{state.result.body}</code>
            </pre>
          </>
        )}
        {state.status === "error" && <p className="field-error">{state.message}</p>}
      </div>
    </form>
  );
}
