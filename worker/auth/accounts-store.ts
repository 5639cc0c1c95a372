import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerCredentials, userSettings, users } from "../db/schema";
import type {
  AccountMarketplace,
  ConnectionStatus,
  RefreshFrequency,
  RefreshMarketplace,
  SellerRegion,
  SettingsResponse,
  SettingsUpdate,
  UserStatus,
} from "../contract/account";
import { ANONYMOUS_STATUS, DEFAULT_SETTINGS, isAccountMarketplace } from "../contract/account";

/**
 * The D1 side of seller accounts: users, their encrypted credentials and their settings.
 * Every read and write takes the signed-in user's id, so no call can reach another's rows.
 */
export type UserRecord = typeof users.$inferSelect;
export type CredentialsRecord = typeof sellerCredentials.$inferSelect;

/** Authorizations must be renewed this long after they were granted. */
export const AUTHORIZATION_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

const nowIso = () => new Date().toISOString();

function accountsDb(db: D1Database) {
  return drizzle(db);
}

export async function findUser(db: D1Database, userId: string): Promise<UserRecord | null> {
  const [row] = await accountsDb(db).select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account of a selling partner, created on its first sign-in. */
export async function upsertSellerUser(db: D1Database, sellingPartnerId: string): Promise<UserRecord> {
  const [row] = await accountsDb(db)
    .insert(users)
    .values({ id: crypto.randomUUID(), sellingPartnerId, isDemo: false })
    .onConflictDoUpdate({ target: users.sellingPartnerId, set: { updatedAt: nowIso() } })
    .returning();
  if (!row) throw new Error("upserting the seller account returned no row");
  return row;
}

export async function createDemoUser(db: D1Database): Promise<UserRecord> {
  const id = crypto.randomUUID();
  const [row] = await accountsDb(db)
    .insert(users)
    .values({ id, sellingPartnerId: `DEMO-${id}`, isDemo: true, lastActiveAt: nowIso() })
    .returning();
  if (!row) throw new Error("creating the demo account returned no row");
  return row;
}

/**
 * Deletes demo accounts last used before `cutoffIso` (a demo never used since creation counts
 * from its creation), `chunk` at a time; their alerts, watchlist, events, sessions and settings
 * go with them (ON DELETE CASCADE). How many accounts went.
 */
export async function deleteIdleDemoUsers(db: D1Database, cutoffIso: string, chunk: number): Promise<number> {
  const orm = accountsDb(db);
  const idle = orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), lt(sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`, cutoffIso)))
    .limit(chunk);
  let deleted = 0;
  for (;;) {
    const { meta } = await orm.delete(users).where(inArray(users.id, idle)).run();
    deleted += meta.changes;
    if (meta.changes < chunk) return deleted;
  }
}

export async function findCredentials(db: D1Database, userId: string): Promise<CredentialsRecord | null> {
  const [row] = await accountsDb(db)
    .select()
    .from(sellerCredentials)
    .where(eq(sellerCredentials.userId, userId))
    .limit(1);
  return row ?? null;
}

export interface StoredCredentials {
  refreshTokenCiphertext: string;
  keyId: string;
  region: SellerRegion;
  grantedAt: string;
}

export async function saveCredentials(db: D1Database, userId: string, credentials: StoredCredentials): Promise<void> {
  await accountsDb(db)
    .insert(sellerCredentials)
    .values({ userId, ...credentials })
    .onConflictDoUpdate({ target: sellerCredentials.userId, set: { ...credentials, updatedAt: nowIso() } });
}

/** Re-encrypted under a newer key; the grant itself is unchanged. */
export async function replaceCiphertext(
  db: D1Database,
  userId: string,
  refreshTokenCiphertext: string,
  keyId: string,
): Promise<void> {
  await accountsDb(db)
    .update(sellerCredentials)
    .set({ refreshTokenCiphertext, keyId, updatedAt: nowIso() })
    .where(eq(sellerCredentials.userId, userId));
}

export async function deleteCredentials(db: D1Database, userId: string): Promise<void> {
  await accountsDb(db).delete(sellerCredentials).where(eq(sellerCredentials.userId, userId));
}

function accountMarketplace(value: string): AccountMarketplace {
  return isAccountMarketplace(value) ? value : "US";
}

export async function userStatus(db: D1Database, user: UserRecord | null): Promise<UserStatus> {
  if (!user) return ANONYMOUS_STATUS;
  const credentials = user.isDemo ? null : await findCredentials(db, user.id);
  return {
    authenticated: true,
    connected: credentials !== null,
    marketplace: accountMarketplace(user.marketplace),
    brandName: user.brandName,
    demo: user.isDemo,
    onboarded: user.onboardedAt !== null,
  };
}

export async function completeOnboarding(
  db: D1Database,
  userId: string,
  choice: { marketplace: AccountMarketplace; brandName: string | null },
): Promise<UserRecord> {
  const now = nowIso();
  const [row] = await accountsDb(db)
    .update(users)
    .set({
      marketplace: choice.marketplace,
      brandName: choice.brandName,
      onboardedAt: sql`coalesce(${users.onboardedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error("the signed-in account no longer exists");
  return row;
}

export function connectionStatus(user: UserRecord, credentials: CredentialsRecord | null): ConnectionStatus {
  if (!credentials || user.isDemo) {
    return {
      connected: false,
      demo: user.isDemo,
      sellingPartnerId: null,
      region: null,
      grantedAt: null,
      renewalDueAt: null,
    };
  }
  return {
    connected: true,
    demo: false,
    sellingPartnerId: user.sellingPartnerId,
    region: credentials.region as SellerRegion,
    grantedAt: credentials.grantedAt,
    renewalDueAt: renewalDueAt(credentials.grantedAt),
  };
}

export function renewalDueAt(grantedAt: string): string {
  return new Date(Date.parse(grantedAt) + AUTHORIZATION_LIFETIME_DAYS * DAY_MS).toISOString();
}

export async function loadSettings(db: D1Database, user: UserRecord): Promise<SettingsResponse> {
  const [row] = await accountsDb(db).select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
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
  return { ...saved, connection: connectionStatus(user, await findCredentials(db, user.id)) };
}

export async function saveSettings(db: D1Database, userId: string, settings: SettingsUpdate): Promise<void> {
  const values = {
    ...settings.notifications,
    syncFrequency: settings.dataRefresh.frequency,
    marketplace: settings.dataRefresh.marketplace,
    updatedAt: nowIso(),
  };
  await accountsDb(db)
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
}
