import { type Context, Hono, type Next } from "hono";
import * as z from "zod/mini";
import { createKeyFor, listKeysOf, revokeKeyOf, rotateKeyOf } from "../api-keys/api-key-service";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planOfUser } from "../billing/user-plan";
import { API_KEY_NAME_MAX_LENGTH, MAX_LIVE_API_KEYS } from "../contract/api-keys";
import { PRO_PLAN } from "../contract/plans";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

const newKeySchema = z.object({
  name: z.string({ error: "Name is required" }).check(
    z.trim(),
    z.minLength(1, { error: "Name is required", abort: true }),
    z.maxLength(API_KEY_NAME_MAX_LENGTH, { error: `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters` }),
  ),
});

/** Keys are managed from a signed-in browser only: a leaked key cannot mint or revoke keys. */
async function sessionOnly(c: Context<AppEnv>, next: Next) {
  if (c.get("apiKey")) return c.json({ detail: "API keys are managed in Settings → API Access, not with a key." }, 403);
  return next();
}

async function needsApiPlan(c: Context<AppEnv>, next: Next) {
  const plan = await planOfUser(c.env.DB, currentAccount(c).user);
  if (plan.apiRequestsPerHour === null) {
    return c.json(
      { detail: `API keys come with the ${PRO_PLAN.name} plan (${PRO_PLAN.apiRequestsPerHour} requests per hour). Your plan is ${plan.name}.` },
      403,
    );
  }
  return next();
}

const tooMany = (c: Context<AppEnv>) =>
  c.json({ detail: `You already have ${MAX_LIVE_API_KEYS} live keys. Revoke one first.` }, 403);

/** Settings → API Access: the signed-in user's keys. Every statement is keyed by their id. */
export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireAccount, sessionOnly)
  .get("/", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    return c.json(await listKeysOf(c.env.DB, user, await planOfUser(c.env.DB, user)), 200);
  })
  .post("/", needsApiPlan, zodValidator("json", newKeySchema), async (c) => {
    const created = await createKeyFor(c.env.DB, currentAccount(c).user, c.req.valid("json").name);
    c.header("Cache-Control", "no-store");
    return created ? c.json(created, 201) : tooMany(c);
  })
  .post("/:id/rotate", needsApiPlan, async (c) => {
    const created = await rotateKeyOf(c.env.DB, currentAccount(c).user, c.req.param("id") ?? "");
    c.header("Cache-Control", "no-store");
    return created ? c.json(created, 201) : c.json({ detail: "No such live API key." }, 404);
  })
  .delete("/:id", async (c) => {
    const revoked = await revokeKeyOf(c.env.DB, currentAccount(c).user, c.req.param("id") ?? "");
    return revoked ? c.body(null, 204) : c.json({ detail: "No such live API key." }, 404);
  });
