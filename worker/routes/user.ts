import { Hono } from "hono";
import { completeOnboarding, userStatus } from "../auth/accounts";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { onboardingSchema } from "../contract/account";
import { zodValidator } from "../validation";

export const userRoutes = new Hono<AppEnv>()
  .get("/user/status", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await userStatus(c.env.DB, c.get("account")?.user ?? null), 200);
  })
  .post("/onboarding", requireAccount, zodValidator("json", onboardingSchema), async (c) => {
    const { user } = currentAccount(c);
    const { marketplace, brandName } = c.req.valid("json");
    const updated = await completeOnboarding(c.env.DB, user.id, { marketplace, brandName });
    return c.json(await userStatus(c.env.DB, updated), 200);
  });
