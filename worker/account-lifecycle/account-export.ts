import { planOfUser, planOfWorkspace } from "../billing/user-plan";
import type { Config } from "../config";
import type { Marketplace } from "../contract/marketplaces";
import { rankHistory } from "../history/history-store";
import type { HistoryShards } from "../history/shard-store";
import { accountExport, type AccountExport, type TrackedHistory } from "./account-rules";
import { readAccountRows } from "./account-export-store";
import type { UserRecord } from "../accounts/user-store";

/** How far back the export reads the day history of the account's tracked ASINs (history's own retention). */
export const EXPORT_HISTORY_DAYS = 730;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything stored about the account, as one JSON document. */
export async function exportAccount(db: D1Database, history: HistoryShards, config: Config, user: UserRecord, nowMs = Date.now()): Promise<AccountExport> {
  const rows = await readAccountRows(db, config, user.id);
  const toDay = new Date(nowMs).toISOString().slice(0, 10);
  const fromDay = new Date(nowMs - EXPORT_HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10);
  const historyOf = async (watched: { asin: string; marketplace: string }[]) => {
    const tracked: TrackedHistory[] = [];
    for (const item of watched) {
      const marketplace = item.marketplace as Marketplace;
      tracked.push({ asin: item.asin, marketplace, points: await rankHistory(history, item.asin, marketplace, fromDay, toDay) });
    }
    return tracked;
  };
  const sole = [];
  for (const workspace of rows.soleWorkspaces) {
    sole.push({ id: workspace.id, name: workspace.name, rows: workspace, history: await historyOf(workspace.watchlist), plan: (await planOfWorkspace(db, workspace.id)).name });
  }
  const plan = await planOfUser(db, user);
  return accountExport(rows, { history: await historyOf(rows.watchlist), plan: plan.name }, sole, new Date(nowMs).toISOString());
}
