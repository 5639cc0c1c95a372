import type { Hook } from "@hono/zod-openapi";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ErrorBody } from "../shared/api-error";
import { validationDetails } from "../validation";
import { declareMiddlewareAnswers, type OperationTest } from "./middleware-answers";
import { registerShared } from "./responses";
import { splitDocument, type OpenApiDocument } from "./split";
import { registerWebhooks } from "./webhooks";

/**
 * Validators answer bad input like every other error: 422 `{detail: [{loc, msg, type}], code}`.
 * (zod-validator passes the input as `data` on a failure too, though its type does not say so.)
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const body: ErrorBody = { detail: validationDetails(result.target, result.error, (result as { data?: unknown }).data), code: "validation_failed" };
    return c.json(body, 422);
  }
};

/**
 * The /api app: an OpenAPIHono, so every router declared with createRoute (openapi/router.ts)
 * and mounted with `.route()` adds its operations to the documents by itself.
 */
export function createApiApp(): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerShared(api.openAPIRegistry);
  return api;
}

/** The public API: key holders' /api/v1 and the exports. Everything else is the web app's own. */
export const isPublicPath = (path: string): boolean => path.startsWith("/v1/") || path.startsWith("/exports/");

const INTRO =
  "Send an API key from Settings → API Access as `Authorization: Bearer rl_live_…`. " +
  "Lists take `?limit=` and `?cursor=` and answer `next_cursor`. Every error is `{detail, code}` (the Error schema lists the codes).";

type Documents = { publicDocument: OpenApiDocument; internalDocument: OpenApiDocument };

/** Registries whose webhooks are registered: at the first document, not at start-up. */
const withWebhooks = new WeakSet<object>();

function generate(api: OpenAPIHono<AppEnv>, version: string, actsOnWorkspace: OperationTest, takesIdempotencyKey: OperationTest): Documents {
  if (!withWebhooks.has(api.openAPIRegistry)) {
    registerWebhooks(api.openAPIRegistry);
    withWebhooks.add(api.openAPIRegistry);
  }
  const generated = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "RankLayer API", version }, servers: [{ url: "/api", description: "This host" }] });
  // The public paths are the ones an API key reaches (auth/key-scope.ts).
  const { publicDocument, internalDocument } = splitDocument(declareMiddlewareAnswers(generated as OpenApiDocument, isPublicPath, actsOnWorkspace, takesIdempotencyKey), isPublicPath);
  publicDocument.info.description = `Amazon Best Sellers Rank, price and offers by ASIN, rank history, the watchlist, alerts, notifications and exports. ${INTRO}`;
  publicDocument.tags = [
    { name: "Products", description: "Public product data by ASIN." },
    { name: "Watchlist", description: "The ASINs your account tracks every night." },
    { name: "Alerts", description: "Rank, price and seller alerts, and the notifications they send." },
    { name: "Exports", description: "Datasets as CSV or PDF files." },
  ];
  internalDocument.info = {
    ...internalDocument.info,
    title: "RankLayer internal API",
    description: "The session routes of the RankLayer web app (cookie session and X-XSRF-TOKEN on writes). Not a stable API.",
  };
  return { publicDocument, internalDocument };
}

/**
 * GET /api/openapi.json (the public API) and GET /api/openapi-internal.json (the session
 * routes the web app calls), generated from the route declarations on the first request that
 * asks (not when the module loads: a cold start pays nothing for them), then kept with the app.
 * `declared` gives the API with every route group loaded (app.ts loads most groups lazily);
 * `actsOnWorkspace` says which operations the role check guards (routes/route-permissions.ts),
 * `takesIdempotencyKey` which take an Idempotency-Key (routes/idempotent-creates.ts).
 */
export function serveOpenApiDocuments(
  api: OpenAPIHono<AppEnv>,
  declared: () => Promise<OpenAPIHono<AppEnv>>,
  actsOnWorkspace: OperationTest,
  takesIdempotencyKey: OperationTest,
): void {
  let built: { version: string; documents: Promise<Documents> } | undefined;
  const documents = (c: Context<AppEnv>): Promise<Documents> => {
    const version = c.get("services").config.vars.APP_VERSION ?? "0.1.0";
    if (built?.version !== version) {
      const documents = declared().then((full) => generate(full, version, actsOnWorkspace, takesIdempotencyKey));
      // A group that failed to load is tried again on the next request, as lazyRoutes does.
      documents.catch(() => (built = undefined));
      built = { version, documents };
    }
    return built.documents;
  };
  api.get("/openapi.json", async (c) => c.json((await documents(c)).publicDocument));
  api.get("/openapi-internal.json", async (c) => c.json((await documents(c)).internalDocument));
}
