import * as z from "./zod-jitless";
import { sendableAddress } from "./email-domain";
import { webhookUrlProblem } from "./webhook-url";

/**
 * Where alert emails and webhooks go: shared by the Worker's validators and the
 * Notifications tab of /settings.
 */
export const CHANNEL_LIMITS = { alertEmail: 254, webhookUrl: 2_048 } as const;

/** A blank field clears the setting, like null. */
const blankToNull = (value: string | null): string | null => (value ? value : null);

// The message is a function so the number is formatted only when a field is too long: the first
// Intl call loads locale data, about 12 ms of a Worker start-up when it ran at module load.
const trimmedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: () => `${label} must be at most ${max.toLocaleString("en-US")} characters` });

/**
 * An internationalised domain is kept as its IDNA A-label (`anna@bücher.de` is stored and shown as
 * `anna@xn--bcher-kva.de`), as sign-in keeps addresses: the form mail goes out in, and the one the
 * email check below reads. A domain IDNA refuses stays as typed, and the check refuses it.
 */
export const alertEmailSchema = trimmedText("Alert email", CHANNEL_LIMITS.alertEmail)
  .nullable()
  .transform((value) => (value ? sendableAddress(value) : null))
  .pipe(
    z
      .email({ error: "Enter a valid email address" })
      // The A-label can be longer than what was typed.
      .max(CHANNEL_LIMITS.alertEmail, { error: () => `Alert email must be at most ${CHANNEL_LIMITS.alertEmail} characters` })
      .nullable(),
  );

export const webhookUrlSchema = trimmedText("Webhook URL", CHANNEL_LIMITS.webhookUrl)
  .nullable()
  .transform(blankToNull)
  .pipe(
    z
      .url({
        protocol: /^https$/,
        hostname: z.regexes.domain,
        error: "Webhook URL must be a full https:// address, e.g. https://hooks.slack.com/services/…",
      })
      // The rules beyond the shape: port 443, no userinfo, no local or IP-embedding names.
      .transform((value: string, ctx) => {
        const problem = webhookUrlProblem(value);
        if (problem) ctx.issues.push({ code: "custom", message: problem, input: value });
        return value;
      })
      .nullable(),
  );

/** PUT /api/settings/channels: a field left out stays as it is; null or blank clears it. */
export const channelsUpdateSchema = z.object({
  alertEmail: alertEmailSchema.optional(),
  webhookUrl: webhookUrlSchema.optional(),
});
export type ChannelsUpdateInput = z.input<typeof channelsUpdateSchema>;
export type ChannelsUpdate = z.output<typeof channelsUpdateSchema>;

/**
 * Why a demo account sets no alert email: anyone can make one (no address is proven), so an
 * address typed there would get alert and report mail it never asked for. Its alerts stay in the app.
 */
export const DEMO_ALERT_EMAIL_REFUSED =
  "A demo account sends no email: anyone can make one, so it cannot mail an address. Its alerts appear in the app; sign in by email to get them by email.";

/** What the settings, the webhook test and a failed delivery say of a saved URL no key opens. */
export const UNREADABLE_WEBHOOK_URL = "The saved webhook URL cannot be read. Save it again.";

/**
 * A channel whose latest alert did not get through: `failed` after its last attempt, or
 * `retrying` after a failed one; `detail` is the reason ("HTTP status 410", "timed out").
 */
export interface ChannelDeliveryProblem {
  channel: "email" | "webhook";
  status: "failed" | "retrying";
  detail: string;
  /** The email service refused the address for good: `detail` names it and what to do. */
  refusedForGood: boolean;
  /** When that alert fired. */
  firedAt: string;
}

/**
 * A report email that did not get through, the latest of its kind to its recipient: `failed` for
 * good (after its last attempt, or its period over), or `retrying` after a failed attempt.
 */
export interface ReportDeliveryProblem {
  kind: "daily" | "weekly";
  /** An address the workspace chose; null: the workspace's own report, to its alert email. */
  recipient: string | null;
  /** The report's UTC day (daily) or Monday (weekly). */
  period: string;
  status: "failed" | "retrying";
  detail: string;
  /** The email service refused the address for good: `detail` names it and what to do. */
  refusedForGood: boolean;
}

/** GET and PUT /api/settings/channels. */
export interface ChannelSettings {
  alertEmail: string | null;
  /** The sign-in's own address; Amazon and demo sign-ins share none, so it is null for now. */
  accountEmail: string | null;
  /** Whole for roles that may change the settings; for the others only its origin and "/…" (the URL is a secret of its own). */
  webhookUrl: string | null;
  /**
   * A URL is saved but no key of this server opens it (a key dropped too early, a damaged row):
   * `webhookUrl` is null, no webhook goes out, and saving the URL again mends it.
   */
  webhookUrlUnreadable: boolean;
  /** Whether a signing secret exists; the secret itself is shown only once, when generated. */
  webhookSecretSet: boolean;
  /** Whether this deployment can send email at all (the ALERT_EMAIL binding and a sender). */
  emailConfigured: boolean;
  /** The channels whose latest alert did not get through (empty when all is well). */
  deliveryProblems: ChannelDeliveryProblem[];
  /** The report emails whose latest send did not get through (empty when all is well). */
  reportProblems: ReportDeliveryProblem[];
  /** Why this account may set no alert email (a demo account); null when it may. */
  alertEmailRefusal: string | null;
}

/** POST /api/settings/webhook-secret: the new secret, shown this once. */
export interface WebhookSecretResponse {
  secret: string;
}

/** POST /api/settings/webhook-test: what the receiver answered, or why nothing was sent. */
export interface WebhookTestResult {
  ok: boolean;
  status?: number;
  detail?: string;
}
