import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../worker/env";
import { apiKeyRoutes } from "../../../worker/routes/api-keys";
import { authRoutes } from "../../../worker/routes/auth";
import { billingRoutes, billingWebhookRoutes } from "../../../worker/routes/billing";
import { connectionRoutes } from "../../../worker/routes/connection";
import { onboardingRoutes } from "../../../worker/routes/onboarding";
import { settingsRoutes } from "../../../worker/routes/settings";
import { userRoutes } from "../../../worker/routes/user";

/** The session routes mounted as app.ts mounts them, and the document their declarations make. */
function sessionDocument() {
  const api = new OpenAPIHono<AppEnv>()
    .route("/billing/webhook", billingWebhookRoutes)
    .route("/auth", authRoutes)
    .route("/user", userRoutes)
    .route("/onboarding", onboardingRoutes)
    .route("/settings", settingsRoutes)
    .route("/connection", connectionRoutes)
    .route("/billing", billingRoutes)
    .route("/api-keys", apiKeyRoutes);
  const document = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  type Operation = {
    tags?: string[];
    summary?: string;
    requestBody?: { content: Record<string, { schema: unknown }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
  return { document, operations };
}

describe("the session routes' declarations", () => {
  it("document every operation of auth, account, settings, billing and API keys, each tagged and summarized", () => {
    const { operations } = sessionDocument();
    expect(operations.map((o) => o.key).sort()).toEqual(
      [
        "GET /auth/xsrf",
        "GET /auth/url",
        "GET /auth/callback",
        "POST /auth/demo",
        "POST /auth/logout",
        "GET /user/status",
        "GET /onboarding",
        "POST /onboarding",
        "GET /settings",
        "PUT /settings",
        "GET /settings/channels",
        "PUT /settings/channels",
        "POST /settings/webhook-secret",
        "POST /settings/webhook-test",
        "DELETE /connection",
        "GET /billing/plans",
        "GET /billing/subscription",
        "POST /billing/create-checkout",
        "GET /billing/portal",
        "POST /billing/demo/cancel",
        "POST /billing/webhook",
        "GET /api-keys",
        "POST /api-keys",
        "POST /api-keys/{id}/rotate",
        "DELETE /api-keys/{id}",
      ].sort(),
    );
    for (const { key, operation } of operations) {
      expect(operation.tags, key).toHaveLength(1);
      expect(["Auth", "Account", "Settings", "Billing", "API keys"], key).toContain(operation.tags![0]);
      expect(operation.summary, key).toBeTruthy();
    }
  });

  it("answer every JSON body they validate with a documented 400 and 422, and every error with the one Error schema", () => {
    const { operations } = sessionDocument();
    for (const { key, operation } of operations) {
      if (operation.requestBody) {
        expect(operation.requestBody.content["application/json"], key).toBeDefined();
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["400", "422"]));
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(answer.content?.["application/json"]?.schema, `${key} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("leave the Stripe webhook's body unparsed: no body schema, so the signature covers the bytes received", () => {
    const { operations } = sessionDocument();
    const webhook = operations.find((o) => o.key === "POST /billing/webhook")!.operation;
    expect(webhook.requestBody).toBeUndefined();
    expect(Object.keys(webhook.responses).sort()).toEqual(["200", "400", "409", "503"]);
  });
});
