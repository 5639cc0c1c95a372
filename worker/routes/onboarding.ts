import { Hono } from "hono";
import { completeOnboarding } from "../accounts/user-store";
import { userStatus } from "../accounts/account-status";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { onboardingSchema } from "../contract/account";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

export const onboardingRoutes = new Hono<AppEnv>()
  .post("/", requireAccount, zodValidator("json", onboardingSchema), async (c) => {
    const { user } = currentAccount(c);
    const { marketplace, brandName } = c.req.valid("json");
    const updated = await completeOnboarding(c.env.DB, user.id, { marketplace, brandName });
    return c.json(await userStatus(c.env.DB, updated), 200);
  });
