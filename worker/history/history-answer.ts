/**
 * The rank history answer of GET /api/v1/history and of GET /api/v1/lookup?history=…: one set of
 * plan rules and one reader, so the two never disagree on who may see how many days.
 */
import { planOfAccount } from "../billing/user-plan";
import { upgradeHint } from "../contract/billing";
import { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, type HistoryRange } from "../contract/history-ranges";
import type { HistoryResponse } from "../contract/history-response";
import type { Marketplace } from "../contract/marketplaces";
import { latestSourcePoints } from "../contract/same-source";
import { DAY_MS, utcDay } from "../contract/time";
import type { SignedInAccount } from "../env";
import { ApiError } from "../shared/api-error";
import { onFirstUse } from "../shared/on-first-use";
import type { HistoryShards } from "./shard-store";
import { rankVelocity } from "./velocity";

// The history reader loads with the first history answer, not at start-up (docs/adr/0012-split-worker-build.md).
const historyReader = onFirstUse(() => import("./history-store"));

/**
 * Refuses more days than the caller may see: 401 anonymous past 7 days, 403 plan_limit past the plan's.
 * `viaApi`: asked on /api/v1, whose callers (scripts, the extension) cannot sign in, so they are told to send a key.
 */
export async function assertHistoryDaysAllowed(db: D1Database, account: SignedInAccount | null, days: number, viaApi = false): Promise<void> {
  if (!account) {
    const anonymousDays = HISTORY_RANGE_DAYS[ANONYMOUS_HISTORY_RANGE];
    if (days > anonymousDays) {
      throw new ApiError(
        401,
        "unauthenticated",
        viaApi
          ? `Without an API key the history covers ${anonymousDays} days: send your key as \`Authorization: Bearer rl_live_…\` for your plan's days.`
          : "Sign in to see 30 and 90 days",
      );
    }
    return;
  }
  const plan = await planOfAccount(db, account);
  if (days > plan.historyDays) {
    throw new ApiError(403, "plan_limit", `Your ${plan.name} plan shows ${plan.historyDays} days of rank history.${upgradeHint(plan)}`);
  }
}

export interface HistoryRequest {
  asin: string;
  marketplace: Marketplace;
  range: HistoryRange;
  days: number;
}

/**
 * The last `days` UTC days of one ASIN, ending today, with their velocity (no plan check: see above).
 * Every point is answered with its source; the velocity measures only the points of the latest
 * point's source, as the dashboard's does: a mock rank and a live one measure nothing together.
 */
export async function historyAnswer(history: HistoryShards, request: HistoryRequest, now = Date.now()): Promise<HistoryResponse> {
  const { asin, marketplace, range, days } = request;
  const { rankHistory } = await historyReader();
  const points = await rankHistory(history, asin, marketplace, utcDay(now - (days - 1) * DAY_MS), utcDay(now));
  return { asin, marketplace, range, days, points, velocity: rankVelocity(latestSourcePoints(points)) };
}
