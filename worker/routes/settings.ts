import { jsonBody } from "../openapi/responses";
import { HOUR_MS } from "../contract/time";
import { createRoute } from "@hono/zod-openapi";
import { loadSettings, saveSettings } from "../accounts/settings-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { KeyringError } from "../auth/token-crypto";
import { callerPlan } from "./caller-plan";
import { settingsUpdateSchema } from "../contract/account-request";
import { channelsUpdateSchema, type WebhookTestResult } from "../contract/channels";
import { webhookUrlProblem } from "../contract/webhook-url";
import { effectiveFrequency } from "../dashboard/refresh-schedule";
import { loadChannelSettings, openWebhookSecret, rotateWebhookSecret, saveChannels } from "../notifications/channel-settings";
import { loadChannels } from "../notifications/channel-store";
import { DEMO_ALERT_EMAIL_REFUSED, UNREADABLE_WEBHOOK_URL } from "../contract/channels";
import { readWebhookUrl } from "../notifications/sealed-webhook-url";
import { testWebhookPayload } from "../notifications/webhook-payload";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { can } from "../workspaces/roles";
import { channelSettingsSchema, settingsSchema, webhookSecretSchema, webhookTestResultSchema } from "./schemas/account";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";

const NO_KEYS = "Webhook signing secrets cannot be stored on this server right now (TOKEN_ENCRYPTION_KEYS is not set).";
const NO_URL_KEYS = "Webhook URLs cannot be stored on this server right now (TOKEN_ENCRYPTION_KEYS is not set).";

/** Work that seals a secret: without TOKEN_ENCRYPTION_KEYS (KeyringError) it is a 503 saying `detail`, and nothing was stored. */
async function sealedOr503<T>(work: Promise<T>, detail: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof KeyringError)) throw error;
    console.error(`not stored: ${error.message}`);
    throw new ApiError(503, "not_configured", detail);
  }
}

const signedIn = { tags: ["Settings"], middleware: requireAccount };

const getSettingsRoute = createRoute({
  ...signedIn,
  method: "get",
  path: "/",
  summary: "The signed-in user's notification and data refresh settings, and their Amazon connection",
  responses: { 200: jsonAnswer("The settings (defaults until first saved).", settingsSchema), 401: notSignedIn },
});

const putSettingsRoute = createRoute({
  ...signedIn,
  method: "put",
  path: "/",
  summary: "Save both settings groups, in full",
  request: { body: jsonBody(settingsUpdateSchema) },
  responses: {
    200: jsonAnswer("Saved; the settings as now stored.", settingsSchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    403: errorAnswer("A refresh frequency the plan does not include."),
    422: badInput,
  },
});

const getChannelsRoute = createRoute({
  ...signedIn,
  method: "get",
  path: "/channels",
  summary: "Where alert emails and webhooks go",
  responses: { 200: jsonAnswer("The alert channels.", channelSettingsSchema), 401: notSignedIn },
});

const putChannelsRoute = createRoute({
  ...signedIn,
  method: "put",
  path: "/channels",
  summary: "Change the alert email or webhook URL: a field left out stays, null or blank clears it",
  request: { body: jsonBody(channelsUpdateSchema) },
  responses: {
    200: jsonAnswer("The alert channels as now stored.", channelSettingsSchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    403: errorAnswer("A demo account setting an alert email (anyone can make one, so it mails no address); nothing was saved."),
    422: badInput,
    503: errorAnswer("TOKEN_ENCRYPTION_KEYS is not set, so no webhook URL can be stored; nothing was saved."),
  },
});

const webhookSecretRoute = createRoute({
  ...signedIn,
  method: "post",
  path: "/webhook-secret",
  summary: "A new webhook signing secret, shown in this answer and never again",
  responses: {
    200: jsonAnswer("The new secret; the old one stops working.", webhookSecretSchema),
    401: notSignedIn,
    503: errorAnswer("TOKEN_ENCRYPTION_KEYS is not set, so no secret can be stored."),
  },
});

const webhookTestRoute = createRoute({
  ...signedIn,
  method: "post",
  path: "/webhook-test",
  summary: "Send a signed test delivery to the saved webhook URL",
  responses: {
    200: jsonAnswer("What the receiver answered, or why nothing was sent.", webhookTestResultSchema),
    401: notSignedIn,
    429: errorAnswer("Too many tests this hour (Retry-After)."),
  },
});

/** The signed-in user's settings and where their alert emails and webhooks go. Every route reads and writes only their own row. */
export const settingsRoutes = createRouter()
  .openapi(getSettingsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user, workspace } = currentAccount(c);
    return c.json(await loadSettings(c.env.DB, user, workspace.id), 200);
  })
  .openapi(putSettingsRoute, async (c) => {
    const { user, workspace } = currentAccount(c);
    const settings = c.req.valid("json");
    const plan = await callerPlan(c);
    if (effectiveFrequency(settings.dataRefresh.frequency, plan) !== settings.dataRefresh.frequency) {
      throw new ApiError(403, "plan_limit", `Hourly and 6-hourly refresh are Pro features; your ${plan.name} plan refreshes daily at 02:00 UTC.`);
    }
    await saveSettings(c.env.DB, workspace.id, settings);
    return c.json(await loadSettings(c.env.DB, user, workspace.id), 200);
  })
  .openapi(getChannelsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { workspace, user } = currentAccount(c);
    return c.json(await loadChannelSettings(c.get("services"), workspace.id, can(workspace.role, "settings"), user.isDemo), 200);
  })
  .openapi(putChannelsRoute, async (c) => {
    const { workspace, user } = currentAccount(c);
    const update = c.req.valid("json");
    // Only a new address is refused: clearing one, or sending back one saved before this rule (the
    // form sends both fields), stays allowed.
    if (user.isDemo && update.alertEmail && update.alertEmail !== (await loadChannels(c.env.DB, workspace.id)).alertEmail) {
      throw new ApiError(403, "forbidden", DEMO_ALERT_EMAIL_REFUSED);
    }
    await sealedOr503(saveChannels(c.get("services"), workspace.id, update), NO_URL_KEYS);
    return c.json(await loadChannelSettings(c.get("services"), workspace.id, true, user.isDemo), 200);
  })
  .openapi(webhookSecretRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ secret: await sealedOr503(rotateWebhookSecret(c.get("services"), currentAccount(c).workspace.id), NO_KEYS) }, 200);
  })
  .openapi(webhookTestRoute, async (c) => {
    const { workspace } = currentAccount(c);
    const { config } = c.get("services");
    const stored = await loadChannels(c.env.DB, workspace.id);
    const answer = (result: WebhookTestResult) => c.json(result, 200);
    const saved = await readWebhookUrl(config, workspace.id, stored);
    if (saved.status === "none") return answer({ ok: false, detail: "Save a webhook URL first." });
    if (saved.status === "unreadable") return answer({ ok: false, detail: UNREADABLE_WEBHOOK_URL });
    if (!stored.webhookSecretCiphertext) return answer({ ok: false, detail: "Generate a signing secret first." });
    // A URL saved before today's rules is checked again before anything is sent to it.
    const problem = webhookUrlProblem(saved.url);
    if (problem) return answer({ ok: false, detail: problem });
    const limit = { limit: config.vars.WEBHOOK_TESTS_PER_HOUR, windowMs: HOUR_MS };
    const decision = await c.get("services").quota.hitAccount(workspace.id, "webhook-test", limit);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        `Too many webhook tests: at most ${decision.limit} an hour. Try again in ${Math.ceil(decision.resetSeconds / 60)} minutes.`,
        { "Retry-After": String(decision.resetSeconds) },
      );
    }
    let secret: string;
    try {
      secret = await openWebhookSecret(c.get("services"), workspace.id, stored.webhookSecretCiphertext);
    } catch (error) {
      console.error("a stored webhook secret did not open:", error instanceof Error ? error.message : error);
      return answer({ ok: false, detail: "The stored signing secret cannot be read. Generate a new one." });
    }
    const nowMs = Date.now();
    const payload = testWebhookPayload(nowMs, config.alertsPageUrl);
    // The test's own answer only: what matters to delivery retries (a Retry-After, a 410's "no retries", a timeout's "may have arrived") is not part of it.
    const { ok, status, detail } = await c.get("services").sources.webhooks.post({ url: saved.url, secret, payload, deliveryId: payload.id, nowMs });
    return answer({ ok, ...(status === undefined ? {} : { status }), ...(detail === undefined ? {} : { detail }) });
  });
