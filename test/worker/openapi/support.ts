import * as z from "zod";

/** Just enough of an OpenAPI 3.1 document to walk it. */
export interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; example?: unknown; schema: { default?: unknown; example?: unknown } }[];
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
