import { createRoute } from "@hono/zod-openapi";
import { userStatus } from "../accounts/account-status";
import { knownAccounts, knowsAccount, rememberAccount } from "../auth/known-browser";
import { createRouter } from "../openapi/router";
import { userStatusSchema } from "./schemas/account";
import { jsonAnswer } from "./schemas/answers";

const statusRoute = createRoute({
  method: "get",
  path: "/status",
  tags: ["Account"],
  summary: "Who is signed in: every page's header reads this",
  responses: { 200: jsonAnswer("The signed-in state; signed out reads as not authenticated.", userStatusSchema) },
});

export const userRoutes = createRouter().openapi(statusRoute, async (c) => {
  c.header("Cache-Control", "no-store");
  const account = c.get("account");
  // A live session makes its browser known: one that began before the cookie existed, or before
  // the account signed out every other browser (only this one's session outlived that).
  if (account) {
    const known = await knownAccounts(c);
    if (!knowsAccount(known, account.user)) await rememberAccount(c, account.user.id, known);
  }
  return c.json(await userStatus(c.env.DB, account?.user ?? null, account?.workspace.id), 200);
});
