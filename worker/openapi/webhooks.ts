import * as z from "./zod";
import type { OpenAPIRegistry } from "./responses";

/**
 * The alert webhook's payload in the public OpenAPI document (OpenAPI 3.1 `webhooks`), so an API
 * user reads its shape where they read the rest of the API (docs/api.md#webhooks says the same in
 * words). Lazy, like the answer schemas: only the document reads it, a cold start does not build it.
 */
export const webhookPayloadSchema = z.lazy(() => {
  const alert = z.strictObject({
    eventId: z.string().openapi({ description: "The firing's id: the same alert on another day is another event." }),
    alertId: z.string().nullable().openapi({ description: "The alert's id; null when the alert has since been deleted." }),
    asin: z.string(),
    marketplace: z.string(),
    conditionType: z.string(),
    threshold: z.number().nullable(),
    message: z.string().openapi({ description: "What was seen, in words, as written when it fired." }),
    source: z
      .enum(["live", "mock"])
      .nullable()
      .openapi({ description: "The data it fired on: live (Amazon's) or mock (RankLayer's sample data, not Amazon's; the message says so too); null before it was kept." }),
    day: z.string().openapi({ description: "The UTC day it fired for, YYYY-MM-DD." }),
    createdAt: z.string(),
  });
  return z
    .strictObject({
      type: z.enum(["alerts.fired", "webhook.test"]),
      id: z.string().openapi({ description: "The delivery id, as X-RankLayer-Delivery: the same on every retry of one message; drop repeats by it." }),
      text: z.string().openapi({ description: "A summary a Slack incoming webhook posts as is (&, < and > as entities)." }),
      content: z.string().max(2000).openapi({ description: "The same summary a Discord webhook posts as is (at most 2,000 characters)." }),
      allowed_mentions: z.strictObject({ parse: z.array(z.string()).max(0) }).openapi({ description: "For Discord: notify no one." }),
      alerts: z.array(alert).openapi({ description: "Every alert the message carries (empty for webhook.test)." }),
      message: z.string(),
      day: z.string(),
      createdAt: z.string(),
    })
    .openapi("AlertWebhook");
});

export function registerWebhooks(registry: OpenAPIRegistry): void {
  registry.registerWebhook({
    method: "post",
    path: "alertsFired",
    summary: "Alerts fired: POSTed to the webhook URL in Settings → Notifications",
    description:
      "One digest per account and delivery run, signed: `X-RankLayer-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + \".\" + raw body)>` " +
      "with the `whsec_…` secret. A non-2xx answer, a redirect or no answer within 10 s is retried after 1, 5, 30 and 120 minutes " +
      "(after a 429 or 503 with Retry-After, not before that wait, up to an hour).",
    request: {
      headers: z.object({
        "X-RankLayer-Signature": z.string(),
        "X-RankLayer-Delivery": z.string(),
      }),
      body: { content: { "application/json": { schema: webhookPayloadSchema } } },
    },
    responses: { 200: { description: "Any 2xx answer: delivered." } },
  });
}
