import { Hono } from "hono";
import { loadSettings, saveSettings } from "../auth/accounts-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { KeyringError } from "../auth/token-crypto";
import { settingsUpdateSchema } from "../contract/account";
import { channelsUpdateSchema, type WebhookTestResult } from "../contract/channels";
import type { AppEnv } from "../env";
import { webhookUrlProblem } from "../contract/webhook-url";
import { channelSettingsView, openWebhookSecret, rotateWebhookSecret, saveChannels } from "../notifications/channel-settings";
import { loadChannels } from "../notifications/channel-store";
import { testWebhookPayload } from "../notifications/webhook-payload";
import { zodValidator } from "../validation";
import { planOfUser } from "../billing/user-plan";
import { effectiveFrequency } from "../dashboard/refresh-schedule";

const NO_KEYS = "Webhook signing secrets cannot be stored on this server right now (TOKEN_ENCRYPTION_KEYS is not set).";

/** The signed-in user's settings and where their alert emails and webhooks go. Every route reads and writes only their own row. */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await loadSettings(c.env.DB, currentAccount(c).user), 200);
  })
  .put("/", requireAccount, zodValidator("json", settingsUpdateSchema), async (c) => {
    const { user } = currentAccount(c);
    const settings = c.req.valid("json");
    const plan = await planOfUser(c.env.DB, user);
    if (effectiveFrequency(settings.dataRefresh.frequency, plan) !== settings.dataRefresh.frequency) {
      return c.json({ detail: `Hourly and 6-hourly refresh are Pro features; your ${plan.name} plan refreshes daily at 02:00 UTC.` }, 403);
    }
    await saveSettings(c.env.DB, user.id, settings);
    return c.json(await loadSettings(c.env.DB, user), 200);
  })
  .get("/channels", requireAccount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    return c.json(channelSettingsView(c.var.services.config, await loadChannels(c.env.DB, user.id)), 200);
  })
  .put("/channels", requireAccount, zodValidator("json", channelsUpdateSchema), async (c) => {
    const { user } = currentAccount(c);
    await saveChannels(c.env.DB, user.id, c.req.valid("json"));
    return c.json(channelSettingsView(c.var.services.config, await loadChannels(c.env.DB, user.id)), 200);
  })
  // A new secret replaces the old one; it is shown in this answer and never again.
  .post("/webhook-secret", requireAccount, async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      return c.json({ secret: await rotateWebhookSecret(c.var.services, currentAccount(c).user.id) }, 200);
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      console.error(`webhook secret not stored: ${error.message}`);
      return c.json({ detail: NO_KEYS }, 503);
    }
  })
  .post("/webhook-test", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    const stored = await loadChannels(c.env.DB, user.id);
    const answer = (result: WebhookTestResult) => c.json(result, 200);
    if (!stored.webhookUrl) return answer({ ok: false, detail: "Save a webhook URL first." });
    if (!stored.webhookSecretCiphertext) return answer({ ok: false, detail: "Generate a signing secret first." });
    // A URL saved before today's rules is checked again before anything is sent to it.
    const problem = webhookUrlProblem(stored.webhookUrl);
    if (problem) return answer({ ok: false, detail: problem });
    const limit = { limit: c.var.services.config.vars.WEBHOOK_TESTS_PER_HOUR, windowMs: 60 * 60 * 1000 };
    const decision = await c.var.services.quota.hitAccount(user.id, "webhook-test", limit);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.resetSeconds));
      return c.json({ detail: `Too many webhook tests: at most ${decision.limit} an hour. Try again in ${Math.ceil(decision.resetSeconds / 60)} minutes.` }, 429);
    }
    let secret: string;
    try {
      secret = await openWebhookSecret(c.var.services, user.id, stored.webhookSecretCiphertext);
    } catch (error) {
      console.error("a stored webhook secret did not open:", error instanceof Error ? error.message : error);
      return answer({ ok: false, detail: "The stored signing secret cannot be read. Generate a new one." });
    }
    const nowMs = Date.now();
    const payload = testWebhookPayload(nowMs, c.var.services.config.alertsPageUrl);
    return answer(await c.var.services.sources.webhooks.post({ url: stored.webhookUrl, secret, payload, deliveryId: payload.id, nowMs }));
  });
