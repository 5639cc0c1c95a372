import { ApiError } from "./api-error";
import { apiFetch } from "./http";

/** The parts of /api/openapi.json the docs page reads. */
export interface DocParameter {
  name: string;
  in: "query" | "path";
  required: boolean;
  description?: string;
  example?: unknown;
  schema: { type?: string; enum?: string[]; default?: unknown; example?: unknown };
}
export interface DocOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { example?: unknown; schema?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<"get" | "post" | "patch" | "put" | "delete", DocOperation>>>;
}

export async function fetchApiDocument(signal?: AbortSignal): Promise<ApiDocument> {
  return (await apiFetch("/api/openapi.json", { signal })).json() as Promise<ApiDocument>;
}

export interface TryResult {
  status: number;
  body: string;
}

/**
 * "Try it" on the docs page: the signed-in user's own session calls the API (apiFetch adds
 * the XSRF header on writes), so no key is ever typed into the page. Any status is shown.
 */
/** An answer's body as text to show: JSON pretty-printed, text (an export's CSV) as is, a file (a PDF) by its type and size. */
async function shownBody(res: Response): Promise<string> {
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  if (type === "application/json") {
    const text = await res.text();
    return text ? JSON.stringify(JSON.parse(text), null, 2) : "(no body)";
  }
  if (type.startsWith("text/")) return (await res.text()) || "(no body)";
  const size = (await res.arrayBuffer()).byteLength;
  return size ? `(an ${type || "unlabelled"} file of ${size} bytes: use the curl example to save it)` : "(no body)";
}

export async function tryRequest(method: string, url: string, body: string | null): Promise<TryResult> {
  try {
    const res = await apiFetch(url, {
      method,
      headers: body === null ? {} : { "Content-Type": "application/json" },
      body: body ?? undefined,
    });
    return { status: res.status, body: await shownBody(res) };
  } catch (error) {
    // apiFetch has read the error's body: shown again as the API sent it, {detail, code}.
    if (error instanceof ApiError) return { status: error.status, body: JSON.stringify({ detail: error.detail, code: error.code }, null, 2) };
    throw error;
  }
}
