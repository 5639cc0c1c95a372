import { deleteApiKeyUsageBefore } from "../../api-keys/api-key-store";
import { AUDIT_RETENTION_DAYS, deleteAuditBefore } from "../../workspaces/audit-store";
import { usageWindowStart } from "../../api-keys/usage";
import { deleteIdleDemoUsers } from "../../accounts/user-store";
import { deleteLogosOfMany } from "../../branding/logo-bucket";
import { deleteEndedSessions } from "../../auth/session-store";
import { deleteStripeEventsBefore } from "../../billing/stripe-event-store";
import { deleteLookupLogBefore } from "../../lookup/lookup-log-report-store";
import { deleteSellerDaysBefore } from "../../history/seller-days-store";
import { runArchiveStep, type ArchiveStep } from "../../history/archive-store";
import { moveLegacySnapshots, reshardStep } from "../../history/reshard-store";
import type { Services } from "../../services";
import { DAY_MS, utcDay } from "../../contract/time";
import { resealUnderNewestKey, type ResealSummary } from "./reseal";
import { deleteReportSendsBefore } from "../weekly-report/report-send-store";
import { deleteIdempotencyKeysBefore } from "../../idempotency/idempotency-store";
import { IDEMPOTENCY_KEY_TTL_MS } from "../../idempotency/idempotency-rules";

/**
 * The nightly retention run (after the 02:30 alert check). The privacy page promises that
 * lookup logs and rate-limit data are kept for up to 30 days:
 * - lookup_log rows older than 30 days are deleted here, in bounded chunks so one huge
 *   backlog never becomes one huge statement;
 * - rate-limit counters live in one RateLimiter Durable Object per client, which a cron
 *   cannot enumerate, so each erases its own storage with an alarm 30 days after the
 *   client's last counted request (see RateLimiter).
 * - API key usage counts older than the 7 days Settings shows are deleted too.
 * Demo accounts unused for 7 days go with all their rows (they are free to make again),
 * and ended sessions (revoked or expired) are swept.
 * A seller's own day rows (stock, Buy Box, sales) go after 13 months (SELLER_DATA_RETENTION_DAYS):
 * every screen and export reads 90 days at most, and 13 months keeps a full year behind them.
 * Alert events and deliveries are the user's own notifications, kept as long as the account.
 * Rank history is public product data, not personal: it is not deleted here but moved, a
 * bounded step a night, out of the D1 shards into the R2 archive once a month is older than
 * HISTORY_HOT_DAYS (and between shards while a re-shard runs).
 */
export const LOOKUP_LOG_RETENTION_DAYS = 30;
export const DEMO_ACCOUNT_RETENTION_DAYS = 7;
export const SELLER_DATA_RETENTION_DAYS = 400;
/** Handled Stripe event ids: Stripe retries for 3 days, so 90 days is far past any replay. */
export const STRIPE_EVENT_RETENTION_DAYS = 90;
/** Report sends (report_sends) are the once-per-period bookkeeping: past periods are never sent again, and Settings reads 14 days. */
export const REPORT_SEND_RETENTION_DAYS = 90;
const DELETE_CHUNK = 5_000;
/** Demo accounts per delete: each one cascades to its alerts, watchlist and events. */
const DEMO_DELETE_CHUNK = 100;

export interface RetentionSummary {
  /** Rows created before this moment were deleted. */
  cutoff: string;
  lookupLogDeleted: number;
  apiKeyUsageDeleted: number;
  /** Seller day rows (stock and Buy Box, sales) of days before this UTC day were deleted. */
  sellerDaysCutoff: string;
  sellerDaysDeleted: number;
  /** Rows moved from the single-database rank_snapshots table of earlier versions. */
  legacyMoved?: number;
  archive?: ArchiveStep;
  /** Rows moved to their new shard, while a re-shard runs. */
  resharded?: number;
  /** Demo accounts last used before this moment were deleted. */
  demoCutoff: string;
  demoAccountsDeleted: number;
  endedSessionsDeleted: number;
  stripeEventsDeleted: number;
  /** Workspace audit entries older than a year. */
  auditEntriesDeleted: number;
  /** Report sends of periods older than REPORT_SEND_RETENTION_DAYS. */
  reportSendsDeleted: number;
  /** Idempotency keys claimed more than 24 hours ago (no retry may use them any more). */
  idempotencyKeysDeleted: number;
  /** Sealed values moved to the newest TOKEN_ENCRYPTION_KEYS key (reseal.ts). */
  resealed?: ResealSummary;
}

/** Deletes idle demo accounts, then their personal workspaces' logo files (nothing serves them once the rows are gone). How many went. */
async function deleteIdleDemoAccounts(env: Services["env"], cutoffIso: string, chunk: number): Promise<number> {
  const ids = await deleteIdleDemoUsers(env.DB, cutoffIso, chunk);
  await deleteLogosOfMany(env.BRANDING, ids);
  return ids.length;
}

export async function runRetention(services: Services, nowMs: number, chunk = DELETE_CHUNK, options = { history: true }): Promise<RetentionSummary> {
  const { env } = services;
  const cutoff = new Date(nowMs - LOOKUP_LOG_RETENTION_DAYS * DAY_MS).toISOString();
  const demoCutoff = new Date(nowMs - DEMO_ACCOUNT_RETENTION_DAYS * DAY_MS).toISOString();
  const sellerDaysCutoff = utcDay(nowMs - SELLER_DATA_RETENTION_DAYS * DAY_MS);
  const summary: RetentionSummary = {
    cutoff,
    lookupLogDeleted: await deleteLookupLogBefore(env.DB, cutoff, chunk),
    apiKeyUsageDeleted: await deleteApiKeyUsageBefore(env.DB, usageWindowStart(nowMs)),
    sellerDaysCutoff,
    sellerDaysDeleted: await deleteSellerDaysBefore(env.DB, sellerDaysCutoff, chunk),
    demoCutoff,
    demoAccountsDeleted: await deleteIdleDemoAccounts(env, demoCutoff, Math.min(chunk, DEMO_DELETE_CHUNK)),
    endedSessionsDeleted: await deleteEndedSessions(env.DB, new Date(nowMs).toISOString()),
    stripeEventsDeleted: await deleteStripeEventsBefore(env.DB, new Date(nowMs - STRIPE_EVENT_RETENTION_DAYS * DAY_MS).toISOString()),
    auditEntriesDeleted: await deleteAuditBefore(env.DB, new Date(nowMs - AUDIT_RETENTION_DAYS * DAY_MS).toISOString()),
    reportSendsDeleted: await deleteReportSendsBefore(env.DB, utcDay(nowMs - REPORT_SEND_RETENTION_DAYS * DAY_MS), chunk),
    idempotencyKeysDeleted: await deleteIdempotencyKeysBefore(env.DB, new Date(nowMs - IDEMPOTENCY_KEY_TTL_MS).toISOString(), chunk),
  };
  try {
    summary.resealed = await resealUnderNewestKey(services);
  } catch (error) {
    // Re-sealing is tried again tomorrow; old keys keep opening what they sealed meanwhile.
    console.error("re-sealing under the newest key failed", error);
  }
  if (!options.history) return summary;
  try {
    summary.legacyMoved = await moveLegacySnapshots(services.history, 5_000);
    summary.archive = await runArchiveStep(services.history, nowMs);
    // Each night starts at bucket 0: moved rows are gone from the old shards, so it skips them.
    if (services.history.layout.from !== null) summary.resharded = (await reshardStep(services.history, 0, 500)).moved;
  } catch (error) {
    // History housekeeping is retried tomorrow; it never costs the privacy deletions above.
    console.error("history archive / re-shard step failed", error);
  }
  return summary;
}
