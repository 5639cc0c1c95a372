import type { DocOperation } from "../../api/openapi";

/** The placeholder every example carries where the reader's key goes. */
export const KEY_PLACEHOLDER = "rl_live_YOUR_API_KEY";

export interface OperationRef {
  method: string;
  path: string;
  operation: DocOperation;
}

/** Parameter values an example uses: the documented example, else the default, else a named placeholder. */
export function exampleValues(operation: DocOperation): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    const value = parameter.example ?? parameter.schema.example ?? parameter.schema.default;
    if (value !== undefined) values[parameter.name] = String(value);
    else if (parameter.in === "path") values[parameter.name] = `YOUR_${parameter.name.toUpperCase()}`;
  }
  return values;
}

/** The request URL (relative to the origin) for these values: path filled in, query from the filled-in query params. */
export function requestPath(ref: OperationRef, values: Record<string, string>): string {
  let path = `/api${ref.path}`;
  const query = new URLSearchParams();
  for (const parameter of ref.operation.parameters ?? []) {
    const value = values[parameter.name];
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value ?? ""));
    else if (value !== undefined && value !== "" && (parameter.required || parameter.example !== undefined || parameter.schema.example !== undefined)) {
      query.set(parameter.name, value);
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function bodyExample(operation: DocOperation): string | null {
  const example = operation.requestBody?.content["application/json"]?.example;
  return example === undefined ? null : JSON.stringify(example);
}

export function curlExample(ref: OperationRef, origin: string): string {
  const lines = [`curl${ref.method === "get" ? "" : ` -X ${ref.method.toUpperCase()}`} "${origin}${requestPath(ref, exampleValues(ref.operation))}"`];
  lines.push(`  -H "Authorization: Bearer ${KEY_PLACEHOLDER}"`);
  const body = bodyExample(ref.operation);
  if (body !== null) lines.push(`  -H "Content-Type: application/json"`, `  -d '${body}'`);
  return lines.join(" \\\n");
}

export function fetchExample(ref: OperationRef, origin: string): string {
  const body = bodyExample(ref.operation);
  const headers = [`    Authorization: "Bearer ${KEY_PLACEHOLDER}",`];
  if (body !== null) headers.push(`    "Content-Type": "application/json",`);
  const options = [
    ...(ref.method === "get" ? [] : [`  method: "${ref.method.toUpperCase()}",`]),
    `  headers: {`,
    ...headers,
    `  },`,
    ...(body === null ? [] : [`  body: JSON.stringify(${body}),`]),
  ];
  return [
    `const res = await fetch("${origin}${requestPath(ref, exampleValues(ref.operation))}", {`,
    ...options,
    `});`,
    `if (!res.ok) {`,
    `  const { detail } = await res.json();`,
    `  throw new Error(typeof detail === "string" ? detail : JSON.stringify(detail));`,
    `}`,
    readAnswer(ref.operation),
  ].join("\n");
}

/** The example's last line: how to read the operation's success answer (a file is not JSON). */
function readAnswer(operation: DocOperation): string {
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  if (!success || success[0] === "204") return `// 204: no body`;
  const types = Object.keys(success[1].content ?? {});
  if (types.length === 0 || types.includes("application/json")) return `const data = await res.json();`;
  return `const file = await res.blob(); // ${types.join(" or ")}`;
}

/** Every operation of the document, grouped by its first tag in the document's tag order. */
export function operationsByTag(document: { tags?: { name: string }[]; paths: Record<string, Partial<Record<string, DocOperation>>> }) {
  const groups = new Map<string, OperationRef[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, operation });
    }
  }
  return [...groups].filter(([, refs]) => refs.length > 0);
}

/** An anchor id for an operation, e.g. "get-v1-lookup". */
export function operationAnchor(ref: OperationRef): string {
  return ref.operation.operationId ?? `${ref.method}-${ref.path}`.replace(/[^a-zA-Z0-9]+/g, "-");
}
