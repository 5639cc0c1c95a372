import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { apiKeyAuth } from "./auth/api-key-auth";
import { keyScope } from "./auth/key-scope";
import { originCheck } from "./auth/origin-check";
import { forgetSessionsOnChange, sessionMiddleware } from "./auth/session-middleware";
import { demoUsesSampleData, servicesMiddleware } from "./services";
import { xsrfProtection } from "./auth/xsrf";
import { ApiError, codeOfStatus } from "./shared/api-error";
import { apiBodyLimit } from "./shared/body-limit";
import { extensionCors } from "./shared/extension-cors";
import { finishStateChanges } from "./shared/finish-state-changes";
import { apiAnswerDefaults } from "./shared/api-answer-defaults";
import type { AppEnv } from "./env";
import { createApiApp, serveOpenApiDocuments } from "./openapi/document";
import { healthRoutes } from "./routes/health";
import { lazyRoutes, withLazyRoutes } from "./routes/lazy-routes";
import { actsOnWorkspace, allowedMethods, rolePermission } from "./routes/route-permissions";
import { takesIdempotencyKey } from "./routes/idempotent-creates";
import { lookupRoutes } from "./routes/v1-lookup";

// Every group a lookup does not need loads on its first request (routes/lazy-routes.ts), the
// compare too: a cold start builds only the lookup path's schemas.
const accountRoutes = lazyRoutes(() => import("./routes/account"), "accountRoutes");
const reverifyRoutes = lazyRoutes(() => import("./routes/reverify"), "reverifyRoutes");
const alertRoutes = lazyRoutes(() => import("./routes/alerts"), "alertRoutes");
const apiKeyRoutes = lazyRoutes(() => import("./routes/api-keys"), "apiKeyRoutes");
const authRoutes = lazyRoutes(() => import("./routes/auth"), "authRoutes");
const billingRoutes = lazyRoutes(() => import("./routes/billing"), "billingRoutes");
const billingWebhookRoutes = lazyRoutes(() => import("./routes/billing"), "billingWebhookRoutes");
const brandingRoutes = lazyRoutes(() => import("./routes/branding"), "brandingRoutes");
const compareRoutes = lazyRoutes(() => import("./routes/v1-compare"), "compareRoutes");
const connectionRoutes = lazyRoutes(() => import("./routes/connection"), "connectionRoutes");
const connectionsRoutes = lazyRoutes(() => import("./routes/connections"), "connectionsRoutes");
const contactRoutes = lazyRoutes(() => import("./routes/contact"), "contactRoutes");
const dashboardRoutes = lazyRoutes(() => import("./routes/dashboard"), "dashboardRoutes");
const exportRoutes = lazyRoutes(() => import("./routes/exports"), "exportRoutes");
const historyRoutes = lazyRoutes(() => import("./routes/history"), "historyRoutes");
const mockImageRoutes = lazyRoutes(() => import("./routes/mock-images"), "mockImageRoutes");
const notificationRoutes = lazyRoutes(() => import("./routes/notifications"), "notificationRoutes");
const onboardingRoutes = lazyRoutes(() => import("./routes/onboarding"), "onboardingRoutes");
const passkeyRoutes = lazyRoutes(() => import("./routes/passkeys"), "passkeyRoutes");
const portfolioRoutes = lazyRoutes(() => import("./routes/portfolio"), "portfolioRoutes");
const reportUnsubscribeRoutes = lazyRoutes(() => import("./routes/reports"), "reportUnsubscribeRoutes");
const recipientUnsubscribeRoutes = lazyRoutes(() => import("./routes/recipient-unsubscribe"), "recipientUnsubscribeRoutes");
const settingsRoutes = lazyRoutes(() => import("./routes/settings"), "settingsRoutes");
const signInRoutes = lazyRoutes(() => import("./routes/signin"), "signInRoutes");
const spRoutes = lazyRoutes(() => import("./routes/sp"), "spRoutes");
const statusRoutes = lazyRoutes(() => import("./routes/status"), "statusRoutes");
const userRoutes = lazyRoutes(() => import("./routes/user"), "userRoutes");
const watchlistRoutes = lazyRoutes(() => import("./routes/watchlist"), "watchlistRoutes");
const workspaceRoutes = lazyRoutes(() => import("./routes/workspaces"), "workspaceRoutes");

// An OpenAPIHono: routers written with createRoute document themselves when mounted here.
const apiApp = createApiApp();
const api = apiApp
  // A state-changing request finishes even if its client hangs up: no step of several left undone.
  .use(finishStateChanges)
  // The request's services (config, clients), built once before anything else runs.
  .use(servicesMiddleware)
  // A state-changing request shows its changes to the next request's session read at once.
  .use(forgetSessionsOnChange)
  // The extension's CORS headers first, so every answer it gets, errors of the checks below
  // included, is readable to it rather than an opaque network error.
  .use(extensionCors)
  // A 64 kB cap on every body, and cross-site state changes refused, before any work is done.
  .use(apiBodyLimit())
  .use(originCheck)
  // Stripe signs its webhook body instead of holding a session: mounted before the key, session and XSRF checks, which it skips.
  .route("/billing/webhook", billingWebhookRoutes)
  // A key reaches /api/v1/* and /api/exports/* only; anywhere else it is refused before it is looked up.
  .use(keyScope)
  // Report unsubscribe links: signed, and posted by mail providers (RFC 8058) without a session,
  // so ahead of the session and XSRF checks.
  .route("/reports/unsubscribe", reportUnsubscribeRoutes)
  .route("/branding/recipients/unsubscribe", recipientUnsubscribeRoutes)
  // An API key (Authorization: Bearer) or else the session cookie says who calls; then the
  // XSRF check (which needs the session, and which key requests skip) before any route runs.
  .use(apiKeyAuth)
  .use(sessionMiddleware)
  // Only the routes that look products up can reach the live product API.
  .use("/v1/*", demoUsesSampleData)
  .use("/exports/*", demoUsesSampleData)
  .use(xsrfProtection)
  // What the caller's role in the current workspace may do, for every route (route-permissions.ts).
  .use(rolePermission)
  // Public: anyone may call these.
  .route("/health", healthRoutes)
  .route("/v1/lookup", lookupRoutes)
  .route("/v1/compare", compareRoutes)
  .route("/mock-images", mockImageRoutes)
  .route("/history", historyRoutes)
  .route("/billing", billingRoutes)
  .route("/contact", contactRoutes)
  .route("/status", statusRoutes)
  // Sign-in and the signed-in user's account.
  .route("/auth", authRoutes)
  .route("/user", userRoutes)
  .route("/onboarding", onboardingRoutes)
  .route("/settings", settingsRoutes)
  .route("/branding", brandingRoutes)
  .route("/connection", connectionRoutes)
  .route("/connections", connectionsRoutes)
  // Email sign-in and passkeys (issue 27); the account's export and deletion.
  .route("/signin", signInRoutes)
  .route("/passkeys", passkeyRoutes)
  .route("/account/reverify", reverifyRoutes)
  .route("/account", accountRoutes)
  // Workspaces (issue 28): the account's workspaces, members, invitations and the audit log.
  .route("/workspaces", workspaceRoutes)
  // The signed-in user's data.
  .route("/sp", spRoutes)
  .route("/watchlist", watchlistRoutes)
  .route("/alerts", alertRoutes)
  .route("/notifications", notificationRoutes)
  .route("/dashboard", dashboardRoutes)
  .route("/portfolio", portfolioRoutes)
  .route("/exports", exportRoutes)
  // API keys, and the signed-in user's data under /api/v1 for key holders (same routers).
  .route("/api-keys", apiKeyRoutes)
  .route("/v1/history", historyRoutes)
  .route("/v1/watchlist", watchlistRoutes)
  .route("/v1/alerts", alertRoutes)
  .route("/v1/notifications", notificationRoutes);

// /api/openapi.json (public) and /api/openapi-internal.json (session routes), generated on request.
serveOpenApiDocuments(apiApp, () => withLazyRoutes(apiApp), actsOnWorkspace, takesIdempotencyKey);

/** An unknown path's 404 text; a trailing slash (no route takes one) is named with the path it likely meant. */
function notFoundDetail(method: string, path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === path || trimmed.length <= "/api".length) return `No API route for ${method} ${path}`;
  return `No API route for ${method} ${path}: paths take no trailing slash, try ${method} ${trimmed}.`;
}

// Only the top-level app's notFound and onError handlers apply. Everything outside
// /api is served by static assets before the Worker runs.
export const app = new Hono<AppEnv>()
  .use(
    secureHeaders({
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
      referrerPolicy: "strict-origin-when-cross-origin",
      // API answers are data, never documents: nothing may run or embed them.
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      // As web/public/_headers gives the static files.
      xFrameOptions: "DENY",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    }),
  )
  .use("/api/*", apiAnswerDefaults)
  .route("/api", api)
  .notFound((c) => {
    // A path that exists for other methods: 405 with Allow, so a client learns what it can do there.
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      const detail = `${c.req.method} is not a method of ${c.req.path}: it takes ${allowed.join(", ")}.`;
      return c.json({ detail, code: "method_not_allowed" }, 405, { Allow: allowed.join(", ") });
    }
    return c.json({ detail: notFoundDetail(c.req.method, c.req.path), code: "not_found" }, 404);
  })
  .onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ detail: error.detail, code: error.code }, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      // zod-openapi's own 415 says only "Unsupported Media Type": say what the route reads.
      const detail = error.status === 415 ? "The body's Content-Type is not one this route reads: send JSON with Content-Type: application/json." : error.message || "Bad request";
      return c.json({ detail, code: codeOfStatus(error.status) }, error.status);
    }
    // A bug, not bad input: log it for us, never show the stack to the client.
    console.error("unhandled error", c.req.method, c.req.path, error);
    return c.json({ detail: "Something went wrong on our side. Please try again.", code: "internal" }, 500);
  });

export type AppType = typeof app;
