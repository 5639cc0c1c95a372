import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { sessionMiddleware } from "./auth/session-middleware";
import { xsrfProtection } from "./auth/xsrf";
import type { AppEnv } from "./env";
import { alertRoutes } from "./routes/alerts";
import { authRoutes } from "./routes/auth";
import { billingRoutes, billingWebhookRoutes } from "./routes/billing";
import { connectionRoutes } from "./routes/connection";
import { contactRoutes } from "./routes/contact";
import { healthRoutes } from "./routes/health";
import { historyRoutes } from "./routes/history";
import { mockImageRoutes } from "./routes/mock-images";
import { notificationRoutes } from "./routes/notifications";
import { onboardingRoutes } from "./routes/onboarding";
import { settingsRoutes } from "./routes/settings";
import { spRoutes } from "./routes/sp";
import { statusRoutes } from "./routes/status";
import { userRoutes } from "./routes/user";
import { lookupRoutes } from "./routes/v1-lookup";
import { watchlistRoutes } from "./routes/watchlist";

const api = new Hono<AppEnv>()
  // Stripe signs its webhook body instead of holding a session: mounted before the session and XSRF checks, which it skips.
  .route("/billing/webhook", billingWebhookRoutes)
  // Who is signed in, then the XSRF check (which needs the session) before any route runs.
  .use(sessionMiddleware)
  .use(xsrfProtection)
  // Public: anyone may call these.
  .route("/health", healthRoutes)
  .route("/v1/lookup", lookupRoutes)
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
  .route("/connection", connectionRoutes)
  // The signed-in user's data.
  .route("/sp", spRoutes)
  .route("/watchlist", watchlistRoutes)
  .route("/alerts", alertRoutes)
  .route("/notifications", notificationRoutes);

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
  .notFound((c) => c.json({ detail: `No API route for ${c.req.method} ${c.req.path}` }, 404))
  .onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ detail: error.message || "Bad request" }, error.status);
    }
    // A bug, not bad input: log it for us, never show the stack to the client.
    console.error("unhandled error", c.req.method, c.req.path, error);
    return c.json({ detail: "Something went wrong on our side. Please try again." }, 500);
  });

export type AppType = typeof app;
