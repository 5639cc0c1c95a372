import { jsonBody } from "../openapi/responses";
import { createRoute } from "@hono/zod-openapi";
import { userStatus } from "../accounts/account-status";
import { completeOnboarding } from "../accounts/user-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { onboardingSchema } from "../contract/account-request";
import { createRouter } from "../openapi/router";
import { userStatusSchema } from "./schemas/account";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import * as z from "../openapi/zod";
import type { UserRecord } from "../accounts/user-store";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "../contract/account";
import { ApiError } from "../shared/api-error";
import { notSellingDetail, sellingMarketplaces } from "../seller/participations";

const onboardingOptionsSchema = z.object({ marketplaces: z.array(z.enum(ACCOUNT_MARKETPLACES as [AccountMarketplace, ...AccountMarketplace[]])) }).openapi("OnboardingOptions");

/**
 * What onboarding offers: where a connected seller sells; everything for the demo and an
 * account without a seller connection (or when Amazon lists none of ours).
 */
async function onboardingMarketplaces(db: D1Database, user: UserRecord): Promise<AccountMarketplace[]> {
  const selling = await sellingMarketplaces(db, user);
  return selling.length > 0 ? selling : [...ACCOUNT_MARKETPLACES];
}

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

const marketplacesRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Account"],
  summary: "The marketplaces onboarding offers: the ones the seller sells in (Amazon's getMarketplaceParticipations)",
  middleware: [requireAccount] as const,
  responses: {
    200: jsonAnswer("The marketplaces to offer, in the marketplace table's order.", onboardingOptionsSchema),
    401: notSignedIn,
  },
});

export const onboardingRoutes = createRouter()
  .openapi(marketplacesRoute, async (c) => {
    const { user } = currentAccount(c);
    return c.json({ marketplaces: await onboardingMarketplaces(c.env.DB, user) }, 200);
  })
  .openapi(onboardRoute, async (c) => {
  const { user } = currentAccount(c);
  const { marketplace, brandName } = c.req.valid("json");
  const offered = await onboardingMarketplaces(c.env.DB, user);
  if (!offered.includes(marketplace)) {
    const msg = notSellingDetail(marketplace, offered, "your seller data");
    throw new ApiError(422, "validation_failed", [{ loc: ["json", "marketplace"], msg, type: "custom" }]);
  }
  const updated = await completeOnboarding(c.env.DB, user.id, { marketplace, brandName });
  return c.json(await userStatus(c.env.DB, updated), 200);
});
