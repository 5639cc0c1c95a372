import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { HOUR_MS } from "../contract/time";
import { notifyTeam } from "../contact/notify";
import { storeContactMessage } from "../contact/contact-store";
import { contactSchema } from "../contract/contact";
import { failure, json, retryAfter } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";

/** Messages one client may send: enough for a person, too few for a spammer. */
export const CONTACT_LIMIT = { limit: 5, windowMs: HOUR_MS };

const UNAVAILABLE = "We couldn't send your message right now. Please try again in a few minutes.";

const route = createRoute({
  method: "post",
  path: "/",
  operationId: "contact",
  tags: ["Site"],
  summary: "Send the team a message (the contact form)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: contactSchema, example: { name: "Ada", email: "ada@example.com", message: "Let's partner." } } },
    },
  },
  responses: {
    200: json("Received (stored, and emailed to the team when the deployment has email).", z.object({ received: z.literal(true) })),
    400: failure("The body is not JSON."),
    403: failure("The XSRF token is missing or wrong."),
    422: failure("Bad input: `detail` lists each bad field."),
    429: failure("More than 5 messages from this address in an hour.", retryAfter),
    503: failure("The message could not be stored or the limiter is down; nothing was kept."),
  },
});

export const contactRoutes = createRouter().openapi(route, async (c) => {
  c.header("Cache-Control", "no-store");
  const { website, ...message } = c.req.valid("json");
  // The honeypot: only bots fill it. They are told it worked, and nothing is kept or sent.
  if (website !== undefined && website.trim() !== "") return c.json({ received: true as const }, 200);

  let decision;
  try {
    decision = await c.get("services").quota.hitClient(c.req.raw, "contact", CONTACT_LIMIT);
  } catch (error) {
    console.error("contact rate limiter unavailable", error);
    throw new ApiError(503, "upstream_unavailable", UNAVAILABLE);
  }
  if (!decision.allowed) {
    throw new ApiError(
      429,
      "rate_limited",
      `Too many messages: at most ${decision.limit} an hour. Try again in ${Math.ceil(decision.resetSeconds / 60)} minutes.`,
      { "Retry-After": String(decision.resetSeconds) },
    );
  }

  const { config, sources } = c.get("services");
  const email = config.contactEmail;
  const sender = sources.contactEmail();
  let id;
  try {
    // Stored as failed until the email is confirmed sent, so an email cut short never reads as sent.
    id = await storeContactMessage(c.env.DB, message, email ? "failed" : "not_configured");
  } catch (error) {
    console.error("contact message could not be stored", error);
    throw new ApiError(503, "upstream_unavailable", UNAVAILABLE);
  }
  // The sender's answer does not depend on the email: it goes out after the response.
  if (email && sender) c.executionCtx.waitUntil(notifyTeam(c.env.DB, sender, email, message, id));
  return c.json({ received: true as const }, 200);
});
