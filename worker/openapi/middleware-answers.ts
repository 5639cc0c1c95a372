import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from "../idempotency/idempotency-rules";
import { DEFAULT_BODY_LIMIT_BYTES } from "../shared/body-limit";
import { rateLimitHeaders } from "./responses";
import type { OpenApiDocument } from "./split";

/**
 * What the app's middleware answers or adds, declared on every operation it reaches, in one
 * place, so no route declaration has to remember it (nor can forget it):
 * - an operation with a request body: 400 (JSON that cannot be read), 413 (a body over the
 *   limit, shared/body-limit.ts) and 415 (a Content-Type it does not read);
 * - an operation with parameters or a JSON body: 422, the validator's list (document.ts);
 * - a state-changing operation behind the XSRF and Origin checks (all but the few app.ts mounts
 *   before them): 403;
 * - an operation on the current workspace's data (the role check's, routes/route-permissions.ts):
 *   409 when the web app's tab shows another workspace (X-Workspace-Id);
 * - a create that takes an Idempotency-Key (routes/idempotent-creates.ts): the optional header,
 *   Idempotent-Replayed on its answers, the 422 of a key reused for another request and the 409
 *   of a retry while the first request still runs;
 * - a key-reachable operation: the rate-limit headers apiKeyAuth sets on every answer to a key
 *   request, and WWW-Authenticate on 401 and 403 (a wrong, revoked or disabled key).
 * A route that declares one of these itself keeps its own (e.g. the logo upload's 413).
 */
interface Answer {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface Operation {
  parameters?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Answer>;
}

/** Whether an operation (its method and OpenAPI path under /api) is of a kind. */
export type OperationTest = (method: string, path: string) => boolean;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const errorContent = () => ({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });
const wwwAuthenticate = { "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" } };

function bodyErrors(operation: Operation): Record<string, Answer> {
  const readsJson = Object.keys(operation.requestBody?.content ?? {}).includes("application/json");
  return {
    ...(readsJson ? { 400: { description: "The body is not valid JSON.", content: errorContent() } } : {}),
    413: { description: `The body is larger than the API accepts (${DEFAULT_BODY_LIMIT_BYTES / 1024} kB).`, content: errorContent() },
    415: { description: "The body's Content-Type is not one this operation reads.", content: errorContent() },
  };
}

const WRITES = ["put", "post", "delete", "patch"];
/** Mounted in app.ts before the XSRF check: Stripe's signed webhook and the signed unsubscribe links. */
const XSRF_EXEMPT = ["/billing/webhook", "/reports/unsubscribe", "/branding/recipients/unsubscribe"];
const xsrfRefusal = (): Answer => ({
  description: "The X-XSRF-TOKEN header is missing or does not match the session's (a browser request), or the Origin is another site's.",
  content: errorContent(),
});
const validationRefusal = (): Answer => ({ description: "Bad input: `detail` lists each problem as {loc, msg, type}.", content: errorContent() });

/** The headers a key request's answer of this status carries besides the route's own. */
function keyHeaders(status: string): Record<string, unknown> {
  // The body limit refuses before the key is read: its 413 counts nothing and says nothing of the limit.
  if (status === "413") return {};
  return { ...rateLimitHeaders, ...(status === "401" || status === "403" ? wwwAuthenticate : {}) };
}

const WORKSPACE_CHANGED = "A browser session's X-Workspace-Id (the workspace the web app's tab shows) is not the workspace the session now works in (code `workspace_changed`).";

/** 409 on a workspace operation: its own 409 (a conflict) gains the workspace's. */
function workspaceChanged(own: Answer | undefined): Answer {
  return own ? { ...own, description: `${own.description} Or: ${WORKSPACE_CHANGED}` } : { description: WORKSPACE_CHANGED, content: errorContent() };
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes a retry safe: one key per create (a UUID, say), sent again with each retry of it. For 24 hours a retry with the same key and body gets the first answer again (with `Idempotent-Replayed: true`) instead of creating a second time; the key with another body is a 422. Without it, every request runs.",
  schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};
const KEY_RUNNING = "A retry with the Idempotency-Key of a request that is still running; see Retry-After.";
const replayed = { [IDEMPOTENT_REPLAYED_HEADER]: { description: "`true` on an answer given again for a retry with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } } };

/** The Idempotency-Key header and what it may answer, on a create that takes one. */
function declareIdempotencyKey(operation: Operation, responses: Record<string, Answer>): void {
  operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
  responses["422"] ??= validationRefusal();
  responses["409"] = responses["409"] ? { ...responses["409"], description: `${responses["409"].description} Or: ${KEY_RUNNING}` } : { description: KEY_RUNNING, content: errorContent() };
  for (const [status, answer] of Object.entries(responses)) {
    if (status.startsWith("2")) responses[status] = { ...answer, headers: { ...answer.headers, ...replayed } };
  }
}

/** Adds the middleware's answers to `document` (changed in place, and answered). */
export function declareMiddlewareAnswers(
  document: OpenApiDocument,
  isKeyReachable: (path: string) => boolean,
  actsOnWorkspace: OperationTest,
  takesIdempotencyKey: OperationTest,
): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      if (!METHODS.includes(method)) continue;
      const responses = (operation.responses ??= {});
      if (operation.requestBody) {
        for (const [status, answer] of Object.entries(bodyErrors(operation))) responses[status] ??= answer;
      }
      if (operation.parameters?.length || operation.requestBody?.content?.["application/json"]) responses["422"] ??= validationRefusal();
      if (WRITES.includes(method) && !XSRF_EXEMPT.some((prefix) => path.startsWith(prefix))) responses["403"] ??= xsrfRefusal();
      if (actsOnWorkspace(method, path)) responses["409"] = workspaceChanged(responses["409"]);
      if (takesIdempotencyKey(method, path)) declareIdempotencyKey(operation, responses);
      if (!isKeyReachable(path)) continue;
      // A new answer object: the generator may share one between operations of both documents.
      for (const [status, answer] of Object.entries(responses)) responses[status] = { ...answer, headers: { ...keyHeaders(status), ...answer.headers } };
    }
  }
  return document;
}
