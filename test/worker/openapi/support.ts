import * as z from "zod";

/** Just enough of an OpenAPI 3.1 document to walk it. */
export interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; description?: string; example?: unknown; schema: { default?: unknown; example?: unknown } }[];
  requestBody?: { content: Record<string, { example?: unknown; schema: unknown }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown>; headers?: Record<string, unknown> };
}

/** Replaces every `#/components/...` reference with its target, so zod can read the schema alone. */
export function inlineRefs(node: unknown, document: OpenApiDocument, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, document, seen));
  if (!node || typeof node !== "object") return node;
  const ref = (node as { $ref?: string }).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) throw new Error(`recursive schema ${ref}`);
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], document);
    return inlineRefs(target, document, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, document, seen)]));
}

/** The documented schema of one answer, as a zod validator built from the document itself. */
export function documentedSchema(document: OpenApiDocument, operation: Operation, status: number): z.ZodType | null {
  const json = operation.responses[String(status)]?.content?.["application/json"]?.schema;
  return json ? z.fromJSONSchema(inlineRefs(json, document) as Parameters<typeof z.fromJSONSchema>[0]) : null;
}

/** The headers the API sends that an answer's declaration must name when it sends them (the draft's old RateLimit-* trio too: none may come back undeclared). */
export const WATCHED_HEADERS = ["RateLimit-Policy", "RateLimit", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "WWW-Authenticate", "Content-Disposition"];

/** Which watched headers `res` carries that its operation does not declare for its status. */
export function undeclaredHeaders(operation: Operation, res: Response): string[] {
  const declared = Object.keys(operation.responses[String(res.status)]?.headers ?? {});
  return WATCHED_HEADERS.filter((header) => res.headers.has(header) && !declared.includes(header));
}

/** Every operation of a document, with its path and method. */
export function operationsOf(document: OpenApiDocument): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
}

/** A URL for an operation from its examples: path parameters (`known` first) and the required query parameters. */
export function exampleUrl(path: string, operation: Operation, known: (name: string) => string | undefined = () => undefined): string {
  let url = `https://ranklayer.test/api${path}`;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    // createRoute puts a parameter's example on its schema; the described routes on the parameter.
    const value = known(parameter.name) ?? parameter.example ?? parameter.schema.example ?? parameter.schema.default;
    if (parameter.in === "path") {
      if (value === undefined) throw new Error(`${path}: no value for path parameter ${parameter.name}`);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    } else if (parameter.in === "query" && parameter.required) {
      if (value === undefined) throw new Error(`${path}: no example for required ${parameter.name}`);
      query.set(parameter.name, String(value));
    }
  }
  return query.size ? `${url}?${query}` : url;
}
