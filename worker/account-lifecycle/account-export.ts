import { planOfUser } from "../billing/user-plan";
import type { Marketplace } from "../contract/marketplaces";
import type { Bindings } from "../env";
import { rankHistory } from "../history/history-store";
import { accountExport, type AccountExport, type TrackedHistory } from "./account-rules";
import { readAccountRows } from "./account-export-store";
import type { UserRecord } from "../accounts/user-store";

/** How far back the export reads the day history of the account's tracked ASINs (history's own retention). */
export const EXPORT_HISTORY_DAYS = 730;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything stored about the account, as one JSON document. */
export async function exportAccount(env: Bindings, user: UserRecord, nowMs = Date.now()): Promise<AccountExport> {
  const rows = await readAccountRows(env.DB, user.id);
  const toDay = new Date(nowMs).toISOString().slice(0, 10);
  const fromDay = new Date(nowMs - EXPORT_HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10);
  const history: TrackedHistory[] = [];
  for (const item of rows.watchlist) {
    const marketplace = item.marketplace as Marketplace;
    history.push({ asin: item.asin, marketplace, points: await rankHistory(env, item.asin, marketplace, fromDay, toDay) });
  }
  const plan = await planOfUser(env.DB, user);
  return accountExport(rows, history, plan.name, new Date(nowMs).toISOString());
}
