import { randomToken } from "../auth/signing-key";
import { decryptRefreshToken, encryptRefreshToken, keyringOf } from "../auth/token-crypto";
import type { Config, Deployment } from "../config";
import { type ChannelDeliveryProblem, type ChannelSettings, type ChannelsUpdate, DEMO_ALERT_EMAIL_REFUSED, type ReportDeliveryProblem } from "../contract/channels";
import { loadChannels, type StoredChannels, type StoredChannelsRow, upsertChannels } from "./channel-store";
import { deliveryProblems, recentReportSends } from "./delivery-health-store";
import { refusalPutRight, reportProblemsOf, stillApplying } from "./report-health";
import { readWebhookUrl, sealWebhookUrl, type WebhookUrlRead } from "./sealed-webhook-url";

/**
 * A webhook URL often is the credential (a Slack or Discord incoming webhook posts for whoever
 * holds it): a reader who may not change the settings sees only where it points.
 */
function maskedWebhookUrl(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "…";
  }
}

/** `saved`: the stored URL as read (readWebhookUrl); `wholeUrl`: the caller may change the settings (and so see it in full). */
export function channelSettingsView(
  config: Config,
  stored: StoredChannels,
  saved: WebhookUrlRead,
  wholeUrl: boolean,
  problems: ChannelDeliveryProblem[],
  isDemo: boolean,
  reportProblems: ReportDeliveryProblem[] = [],
): ChannelSettings {
  const webhookUrl = saved.status === "open" ? saved.url : null;
  return {
    alertEmail: stored.alertEmail,
    accountEmail: null,
    webhookUrl: webhookUrl === null || wholeUrl ? webhookUrl : maskedWebhookUrl(webhookUrl),
    webhookUrlUnreadable: saved.status === "unreadable",
    webhookSecretSet: stored.webhookSecretCiphertext !== null,
    emailConfigured: config.alertEmail !== null,
    deliveryProblems: problems,
    reportProblems,
    alertEmailRefusal: isDemo ? DEMO_ALERT_EMAIL_REFUSED : null,
  };
}

/** Alert channels as the settings page sees them. A sealed URL that no longer opens reads as none, flagged (and is logged). */
export async function loadChannelSettings(
  { env, config }: Deployment,
  workspaceId: string,
  wholeUrl: boolean,
  isDemo = false,
): Promise<ChannelSettings> {
  const [stored, problems, reports] = await Promise.all([loadChannels(env.DB, workspaceId), deliveryProblems(env.DB, workspaceId), recentReportSends(env.DB, workspaceId, Date.now())]);
  // A refusal of an address no longer the alert email was put right by saving another one. The
  // address is the row's refused_address; a row failed before migration 0141 has none and stays
  // shown as a failure of no particular address (a later delivery replaces it).
  const reportProblems = stillApplying(reportProblemsOf(reports.sends, stored.alertEmail), { ...ownReportsSent(stored), chosen: reports.chosen });
  const alertProblems = problems
    .filter((problem) => !(problem.channel === "email" && refusalPutRight(problem.refusedAddress, stored.alertEmail)))
    .map(({ refusedAddress, ...problem }): ChannelDeliveryProblem => ({ ...problem, refusedForGood: refusedAddress !== null }));
  return channelSettingsView(config, stored, await readWebhookUrl(config, workspaceId, stored), wholeUrl, alertProblems, isDemo, reportProblems);
}

/** Which of its own reports a workspace is sent: the switch on and an alert email to send it to (dashboard/report-store.ts). */
function ownReportsSent(stored: StoredChannelsRow): { daily: boolean; weekly: boolean } {
  const to = Boolean(stored.alertEmail);
  return { daily: to && stored.dailyReport, weekly: to && stored.weeklyReport };
}

/**
 * Saves the fields given. A new URL is sealed (and any plain one left from before sealing
 * cleared) before anything is written, so without keys (KeyringError) nothing changes.
 */
export async function saveChannels({ env, config }: Deployment, workspaceId: string, update: ChannelsUpdate): Promise<void> {
  const values: Partial<StoredChannels> = {};
  if (update.alertEmail !== undefined) values.alertEmail = update.alertEmail;
  if (update.webhookUrl !== undefined) {
    values.webhookUrlCiphertext = update.webhookUrl === null ? null : await sealWebhookUrl(config, workspaceId, update.webhookUrl);
    values.legacyWebhookUrl = null;
  }
  if (Object.keys(values).length > 0) await upsertChannels(env.DB, workspaceId, values);
}

/**
 * The webhook signing secret is sealed like refresh tokens (AES-256-GCM under
 * TOKEN_ENCRYPTION_KEYS, bound to the user's id so a ciphertext copied onto another row does
 * not open).
 */

/** Replaces the user's signing secret; the old one stops working at once. Throws KeyringError without keys. */
export async function rotateWebhookSecret({ env, config }: Deployment, userId: string): Promise<string> {
  const keys = keyringOf(config);
  // 32 random bytes, with a prefix that says what the string is.
  const secret = `whsec_${randomToken()}`;
  const sealed = await encryptRefreshToken(keys, userId, secret);
  await upsertChannels(env.DB, userId, { webhookSecretCiphertext: sealed.ciphertext });
  return secret;
}

/** The plaintext signing secret of a stored ciphertext. Throws when the keys cannot open it. */
export async function openWebhookSecret({ config }: Deployment, userId: string, ciphertext: string): Promise<string> {
  const opened = await decryptRefreshToken(keyringOf(config), userId, ciphertext);
  return opened.refreshToken;
}
