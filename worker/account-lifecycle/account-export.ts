import { planOfUser, planOfWorkspace } from "../billing/user-plan";
import type { Config } from "../config";
import type { Marketplace } from "../contract/marketplaces";
import { historyKey, readStoredPoints } from "../history/history-store";
import { historyPoint } from "../history/point-codec";
import type { HistoryShards } from "../history/shard-store";
import { accountExport, type AccountExport, type TrackedHistory } from "./account-rules";
import { readAccountRows } from "./account-export-store";
import type { UserRecord } from "../accounts/user-store";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything stored about the account, as one JSON document. The tracked ASINs' day history covers
 * the days the history shards hold (HISTORY_HOT_DAYS), read in one pass per workspace: the archived
 * months are one R2 read per ASIN and month, so two years of a full watchlist would pass the
 * subrequests one Worker request may make. That history is public product data, the same for every
 * account; each ASIN's two years stay one `GET /api/v1/history` or history export away.
 */
export async function exportAccount(db: D1Database, history: HistoryShards, config: Config, user: UserRecord, nowMs = Date.now()): Promise<AccountExport> {
  const rows = await readAccountRows(db, config, user.id);
  const toDay = new Date(nowMs).toISOString().slice(0, 10);
  const fromDay = new Date(nowMs - history.hotDays * DAY_MS).toISOString().slice(0, 10);
  const historyOf = async (watched: { asin: string; marketplace: string }[]): Promise<TrackedHistory[]> => {
    const keys = watched.map((item) => ({ asin: item.asin, marketplace: item.marketplace as Marketplace }));
    const stored = await readStoredPoints(history, keys, fromDay, toDay, { nowMs });
    return keys.map((key) => ({ ...key, points: (stored.get(historyKey(key)) ?? []).map(historyPoint) }));
  };
  const sole = [];
  for (const workspace of rows.soleWorkspaces) {
    sole.push({ id: workspace.id, name: workspace.name, rows: workspace, history: await historyOf(workspace.watchlist), historySince: fromDay, plan: (await planOfWorkspace(db, workspace.id)).name });
  }
  const plan = await planOfUser(db, user);
  return accountExport(rows, { history: await historyOf(rows.watchlist), historySince: fromDay, plan: plan.name }, sole, new Date(nowMs).toISOString());
}
