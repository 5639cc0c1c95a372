/** Just enough of an OpenAPI 3.1 document to split it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** Every `#/components/<kind>/<name>` reference under a node. */
function refsOf(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsOf(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.add(value);
      else refsOf(value, found);
    }
  }
  return found;
}

/** The components the paths reach (through other components too); security schemes always stay. */
function reachableComponents(document: OpenApiDocument, paths: Record<string, unknown>): OpenApiDocument["components"] {
  const components = document.components ?? {};
  const kept = new Set<string>();
  const queue = [...refsOf(paths, new Set())];
  while (queue.length) {
    const ref = queue.pop()!;
    if (kept.has(ref)) continue;
    kept.add(ref);
    const [, , kind, name] = ref.split("/");
    queue.push(...refsOf(components[kind!]?.[name!], new Set()));
  }
  const out: NonNullable<OpenApiDocument["components"]> = {};
  for (const [kind, entries] of Object.entries(components)) {
    const picked = Object.entries(entries ?? {}).filter(([name]) => kind === "securitySchemes" || kept.has(`#/components/${kind}/${name}`));
    if (picked.length) out[kind] = Object.fromEntries(picked);
  }
  return out;
}

/** `webhooks` (what RankLayer POSTs to an API user's URL) go with the public paths only. */
function withPaths(document: OpenApiDocument, paths: Record<string, unknown>, webhooks: boolean): OpenApiDocument {
  const { webhooks: declared, ...rest } = document;
  const kept = webhooks && declared ? { webhooks: declared } : {};
  return { ...rest, ...kept, info: { ...document.info }, paths, components: reachableComponents(document, { ...paths, ...kept }) };
}

/** One generated document as two: the paths `isPublic` accepts, and the rest, each with the components it uses. */
export function splitDocument(
  document: OpenApiDocument,
  isPublic: (path: string) => boolean,
): { publicDocument: OpenApiDocument; internalDocument: OpenApiDocument } {
  const entries = Object.entries(document.paths ?? {});
  return {
    publicDocument: withPaths(document, Object.fromEntries(entries.filter(([path]) => isPublic(path))), true),
    internalDocument: withPaths(document, Object.fromEntries(entries.filter(([path]) => !isPublic(path))), false),
  };
}
