import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { RefreshFrequency, RefreshMarketplace, SettingsResponse, SettingsUpdate } from "../contract/account";
import { DEFAULT_SETTINGS } from "../contract/account";
import { userSettings } from "../db/schema";
import { connectionStatus } from "./account-status";
import { findCredentials } from "./credentials-store";
import type { UserRecord } from "./user-store";
import { sellerAttention } from "../attention/attention-store";

/** The D1 side of a user's settings: notification preferences and the data refresh schedule. */

/** The workspace's settings (the account's personal workspace when not named); `user` carries the connection's seller id. */
export async function loadSettings(db: D1Database, user: UserRecord, workspaceId = user.id): Promise<SettingsResponse> {
  const [row] = await drizzle(db).select().from(userSettings).where(eq(userSettings.workspaceId, workspaceId)).limit(1);
  const saved: SettingsUpdate = row
    ? {
        notifications: {
          emailAlerts: row.emailAlerts,
          inAppAlerts: row.inAppAlerts,
          weeklyReport: row.weeklyReport,
          dailyReport: row.dailyReport,
          rankDrops: row.rankDrops,
          buyBoxLoss: row.buyBoxLoss,
        },
        dataRefresh: {
          frequency: row.syncFrequency as RefreshFrequency,
          marketplace: row.marketplace as RefreshMarketplace,
        },
      }
    : DEFAULT_SETTINGS;
  const connection = connectionStatus(user, await findCredentials(db, workspaceId));
  const [attention] = connection.connected ? await sellerAttention(db, workspaceId) : [];
  return { ...saved, connection: attention ? { ...connection, needsAttention: attention } : connection };
}

export async function saveSettings(db: D1Database, userId: string, settings: SettingsUpdate): Promise<void> {
  const values = {
    ...settings.notifications,
    syncFrequency: settings.dataRefresh.frequency,
    marketplace: settings.dataRefresh.marketplace,
    updatedAt: new Date().toISOString(),
  };
  await drizzle(db)
    .insert(userSettings)
    .values({ workspaceId: userId, ...values })
    .onConflictDoUpdate({ target: userSettings.workspaceId, set: values });
}
