import { Hono } from "hono";
import { notifyTeam } from "../contact/notify";
import { storeContactMessage } from "../contact/contact-store";
import type { AppEnv } from "../env";
import { contactSchema } from "../contract/contact";
import { zodValidator } from "../validation";

/** Messages one client may send: enough for a person, too few for a spammer. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 };

const UNAVAILABLE = "We couldn't send your message right now. Please try again in a few minutes.";

export const contactRoutes = new Hono<AppEnv>().post("/", zodValidator("json", contactSchema), async (c) => {
  c.header("Cache-Control", "no-store");
  const { website, ...message } = c.req.valid("json");
  // The honeypot: only bots fill it. They are told it worked, and nothing is kept or sent.
  if (website !== undefined && website.trim() !== "") return c.json({ received: true as const }, 200);

  let decision;
  try {
    decision = await c.var.services.quota.hitClient(c.req.raw, "contact", CONTACT_LIMIT);
  } catch (error) {
    console.error("contact rate limiter unavailable", error);
    return c.json({ detail: UNAVAILABLE }, 503);
  }
  if (!decision.allowed) {
    c.header("Retry-After", String(decision.resetSeconds));
    return c.json(
      {
        detail: `Too many messages: at most ${decision.limit} an hour. Try again in ${Math.ceil(decision.resetSeconds / 60)} minutes.`,
      },
      429,
    );
  }

  const email = c.var.services.config.contactEmail;
  let id;
  try {
    // Stored as failed until the email is confirmed sent, so an email cut short never reads as sent.
    id = await storeContactMessage(c.env.DB, message, email ? "failed" : "not_configured");
  } catch (error) {
    console.error("contact message could not be stored", error);
    return c.json({ detail: UNAVAILABLE }, 503);
  }
  // The sender's answer does not depend on the email: it goes out after the response.
  if (email) c.executionCtx.waitUntil(notifyTeam(c.env.DB, email, message, id));
  return c.json({ received: true as const }, 200);
});
