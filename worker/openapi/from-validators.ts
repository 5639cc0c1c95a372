import { toJSONSchema, type core } from "zod/mini";

/**
 * The request half of the document comes straight from the zod/mini schemas the routes
 * validate with (worker/contract/*), converted by zod's own JSON Schema output: the
 * contract keeps zod/mini so the web bundle stays small, and OpenAPI 3.1 speaks JSON Schema.
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export function requestJsonSchema(schema: core.$ZodType): JsonSchema {
  const json = toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

export interface ParameterObject {
  name: string;
  in: "query" | "path";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
  [extension: `x-${string}`]: unknown;
}

/** One OpenAPI parameter per property of an object schema. */
export function parametersOf(
  where: "query" | "path",
  schema: core.$ZodType,
  about: Record<string, { description?: string; example?: unknown }> = {},
): ParameterObject[] {
  const json = requestJsonSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
    ...about[name],
  }));
}
