import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { apiKeyAuth } from "./auth/api-key-auth";
import { keyScope } from "./auth/key-scope";
import { originCheck } from "./auth/origin-check";
import { sessionMiddleware } from "./auth/session-middleware";
import { demoUsesSampleData, servicesMiddleware } from "./services";
import { xsrfProtection } from "./auth/xsrf";
import { ApiError, codeOfStatus } from "./shared/api-error";
import { apiBodyLimit } from "./shared/body-limit";
import { extensionCors } from "./shared/extension-cors";
import type { AppEnv } from "./env";
import { createApiApp, serveOpenApiDocuments } from "./openapi/document";
import { accountRoutes } from "./routes/account";
import { alertRoutes } from "./routes/alerts";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { billingRoutes, billingWebhookRoutes } from "./routes/billing";
import { brandingRoutes } from "./routes/branding";
import { connectionRoutes } from "./routes/connection";
import { connectionsRoutes } from "./routes/connections";
import { contactRoutes } from "./routes/contact";
import { dashboardRoutes } from "./routes/dashboard";
import { exportRoutes } from "./routes/exports";
import { healthRoutes } from "./routes/health";
import { historyRoutes } from "./routes/history";
import { mockImageRoutes } from "./routes/mock-images";
import { notificationRoutes } from "./routes/notifications";
import { onboardingRoutes } from "./routes/onboarding";
import { passkeyRoutes } from "./routes/passkeys";
import { portfolioRoutes } from "./routes/portfolio";
import { reportRoutes } from "./routes/reports";
import { rolePermission } from "./routes/route-permissions";
import { settingsRoutes } from "./routes/settings";
import { signInRoutes } from "./routes/signin";
import { spRoutes } from "./routes/sp";
import { statusRoutes } from "./routes/status";
import { userRoutes } from "./routes/user";
import { compareRoutes } from "./routes/v1-compare";
import { lookupRoutes } from "./routes/v1-lookup";
import { watchlistRoutes } from "./routes/watchlist";
import { workspaceRoutes } from "./routes/workspaces";

// An OpenAPIHono: routers written with createRoute document themselves when mounted here.
const apiApp = createApiApp();
const api = apiApp
  // The request's services (config, clients), built once before anything else runs.
  .use(servicesMiddleware)
  // A 64 kB cap on every body, and cross-site state changes refused, before any work is done.
  .use(apiBodyLimit())
  .use(extensionCors)
  .use(originCheck)
  // Stripe signs its webhook body instead of holding a session: mounted before the key, session and XSRF checks, which it skips.
  .route("/billing/webhook", billingWebhookRoutes)
  // An API key (Authorization: Bearer) or else the session cookie says who calls; then the
  // XSRF check (which needs the session, and which key requests skip) before any route runs.
  // A key reaches /api/v1/* and /api/exports/* only; anywhere else it is refused before it is looked up.
  .use(keyScope)
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
  .route("/reports", reportRoutes)
  .route("/exports", exportRoutes)
  // API keys, and the signed-in user's data under /api/v1 for key holders (same routers).
  .route("/api-keys", apiKeyRoutes)
  .route("/v1/history", historyRoutes)
  .route("/v1/watchlist", watchlistRoutes)
  .route("/v1/alerts", alertRoutes)
  .route("/v1/notifications", notificationRoutes);

// /api/openapi.json (public) and /api/openapi-internal.json (session routes), generated on request.
serveOpenApiDocuments(apiApp);

// Only the top-level app's notFound and onError handlers apply. Everything outside
// /api is served by static assets before the Worker runs.
export const app = new Hono<AppEnv>()
  .use(
    secureHeaders({
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
      referrerPolicy: "strict-origin-when-cross-origin",
      // API answers are data, never documents: nothing may run or embed them.
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    }),
  )
  .route("/api", api)
  .notFound((c) => c.json({ detail: `No API route for ${c.req.method} ${c.req.path}`, code: "not_found" }, 404))
  .onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ detail: error.detail, code: error.code }, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || "Bad request", code: codeOfStatus(error.status) }, error.status);
    }
    // A bug, not bad input: log it for us, never show the stack to the client.
    console.error("unhandled error", c.req.method, c.req.path, error);
    return c.json({ detail: "Something went wrong on our side. Please try again.", code: "internal" }, 500);
  });

export type AppType = typeof app;
