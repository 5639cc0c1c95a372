import { jsonBody } from "../openapi/responses";
import { createRoute } from "@hono/zod-openapi";
import { userStatus } from "../accounts/account-status";
import { completeOnboarding } from "../accounts/user-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { onboardingSchema } from "../contract/account-request";
import { createRouter } from "../openapi/router";
import { userStatusSchema } from "./schemas/account";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";

const onboardRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["Account"],
  summary: "Save onboarding: the seller's marketplace and brand",
  middleware: [requireAccount] as const,
  request: { body: jsonBody(onboardingSchema) },
  responses: {
    200: jsonAnswer("Saved; the user's new status.", userStatusSchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    422: badInput,
  },
});

export const onboardingRoutes = createRouter().openapi(onboardRoute, async (c) => {
  const { user } = currentAccount(c);
  const { marketplace, brandName } = c.req.valid("json");
  const updated = await completeOnboarding(c.env.DB, user.id, { marketplace, brandName });
  return c.json(await userStatus(c.env.DB, updated), 200);
});
