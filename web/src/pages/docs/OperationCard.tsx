import type { ReactNode } from "react";
import { CopyBlock } from "./CopyBlock";
import { curlExample, fetchExample, operationAnchor, type OperationRef } from "./examples";
import { TryIt } from "./TryIt";

/** The document's descriptions mark code with backticks (Markdown): shown as <code>, never as raw backticks. */
function withInlineCode(text: string): ReactNode[] {
  return text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

function schemaText(schema: { type?: string; enum?: string[]; default?: unknown }): string {
  const type = schema.enum ? schema.enum.join(" | ") : (schema.type ?? "string");
  return schema.default === undefined ? type : `${type}, default ${String(schema.default)}`;
}

/** One operation of the document: what it does, its parameters and answers, examples, and Try it. */
export function OperationCard({ refOp, origin, canTry }: { refOp: OperationRef; origin: string; canTry: boolean }) {
  const { method, path, operation } = refOp;
  const anchor = operationAnchor(refOp);
  const keyOptional = operation.security?.some((requirement) => Object.keys(requirement).length === 0) ?? true;
  return (
    <article className="card docs-op" aria-labelledby={anchor}>
      <h3 id={anchor} className="docs-op__title">
        <span className={`docs-method docs-method--${method}`}>{method.toUpperCase()}</span> <code>/api{path}</code>
      </h3>
      {operation.summary && <p className="docs-op__summary">{operation.summary}</p>}
      {operation.description && <p>{withInlineCode(operation.description)}</p>}
      <p className="docs-muted">{keyOptional ? "API key optional." : "Needs an API key (or a signed-in session)."}</p>

      {(operation.parameters ?? []).length > 0 && (
        <div className="docs-table-wrap">
          <table className="docs-table">
            <caption>Parameters</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {(operation.parameters ?? []).map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`}>
                  <th scope="row">
                    <code>{parameter.name}</code>
                    {parameter.required ? " (required)" : ""}
                  </th>
                  <td>{parameter.in}</td>
                  <td>{schemaText(parameter.schema)}</td>
                  <td>{withInlineCode(parameter.description ?? "")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <table className="docs-table">
        <caption>Responses</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(operation.responses).map(([status, response]) => (
            <tr key={status}>
              <th scope="row">{status}</th>
              <td>{withInlineCode(response.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <CopyBlock label={`curl: ${method.toUpperCase()} ${path}`} code={curlExample(refOp, origin)} />
      <CopyBlock label={`fetch: ${method.toUpperCase()} ${path}`} code={fetchExample(refOp, origin)} />
      {canTry && <TryIt refOp={refOp} />}
    </article>
  );
}
