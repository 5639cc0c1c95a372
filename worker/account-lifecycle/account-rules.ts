import type { HistoryPoint } from "../contract/history";
import type { AccountRows, WorkspaceRows } from "./account-export-store";

/** The account's own rules, pure: how many ways in it has, what deletion asks for, what the export holds. */

/** Placeholder seller ids of accounts that have none: `EMAIL-<id>` (email sign-in) and `DEMO-<id>`. */
export function isRealSellerId(sellingPartnerId: string): boolean {
  return !sellingPartnerId.startsWith("EMAIL-") && !sellingPartnerId.startsWith("DEMO-");
}

export interface WaysIn {
  passkeys: number;
  email: boolean;
  /** Sign in with Amazon: a real seller id (in browsers that signed in to the account before). */
  amazon: boolean;
}

/**
 * A passkey may go while another passkey or a confirmed address stays. Amazon does not count:
 * it opens an existing account only in browsers that signed in to it before (known-browser.ts),
 * so an account left with Amazon alone could not be reached from a new computer or phone.
 */
export const canRemovePasskey = (ways: WaysIn): boolean => ways.passkeys > 1 || ways.email;

/**
 * What a person types to delete the account: its email address, or else its seller id
 * (a demo account: the word "delete"). Compared case-insensitively, surrounding spaces ignored.
 */
export function deletionPhrase(account: { email: string | null; sellingPartnerId: string; isDemo: boolean }): string {
  if (account.email) return account.email;
  return account.isDemo ? "delete" : account.sellingPartnerId;
}

export function confirmsDeletion(typed: string, phrase: string): boolean {
  return typed.trim().toLowerCase() === phrase.toLowerCase();
}

export interface TrackedHistory {
  asin: string;
  marketplace: string;
  points: HistoryPoint[];
}

export const EXPORT_FORMAT = "ranklayer-account-export/1";

/** Format /1's `connection`: the oldest connected seller account (the one Settings shows), region and dates. */
function primaryConnection(connections: AccountRows["connections"]) {
  const primary = connections.find((connection) => connection.status === "connected");
  return primary ? { region: primary.region, grantedAt: primary.grantedAt, updatedAt: primary.updatedAt } : null;
}

/** A workspace's data in the export, with its tracked ASINs' history and its plan. */
export interface ExportedWorkspace {
  rows: WorkspaceRows;
  history: TrackedHistory[];
  /** The first day `history` covers (the days the history shards hold). */
  historySince: string;
  plan: string;
}

/** What the export holds of one workspace: the same fields for the personal one (at the top) and for the others that are the account's alone. */
function workspaceSection({ rows, history, historySince, plan }: ExportedWorkspace) {
  return {
    connections: rows.connections,
    settings: rows.settings,
    watchlist: rows.watchlist,
    alerts: rows.alerts,
    notifications: rows.notifications,
    history,
    historySince,
    revenue: rows.revenue,
    sellerSnapshots: rows.sellerSnapshots,
    apiKeys: rows.apiKeys.map((key) => ({ ...key, usage: rows.apiKeyUsage.filter((hour) => hour.keyId === key.id).map(({ hour, requests }) => ({ hour, requests })) })),
    billing: { plan, subscription: rows.billing },
    // The logo's bytes are in R2 (Settings → Branding shows and downloads it); here its type and size.
    branding: rows.branding && {
      displayName: rows.branding.displayName,
      accentColor: rows.branding.accentColor,
      logo: rows.branding.logoType ? { type: rows.branding.logoType, bytes: rows.branding.logoBytes } : null,
      updatedAt: rows.branding.updatedAt,
    },
    reportRecipients: rows.reportRecipients,
  };
}

/**
 * The export document: every row about the account, with its secrets never read in the first
 * place. Its personal workspace's data is at the top (format /1); each other workspace it is the
 * only member of (they go with the account) is under `soleWorkspaces`, in the same shape.
 */
export function accountExport(rows: AccountRows, personal: Omit<ExportedWorkspace, "rows">, sole: (ExportedWorkspace & { id: string; name: string })[], exportedAt: string) {
  const user = rows.user;
  return {
    format: EXPORT_FORMAT,
    exportedAt,
    profile: user && {
      id: user.id,
      email: rows.email?.email ?? null,
      emailConfirmedAt: rows.email?.confirmedAt ?? null,
      sellingPartnerId: isRealSellerId(user.sellingPartnerId) ? user.sellingPartnerId : null,
      demo: user.isDemo,
      marketplace: user.marketplace,
      brandName: user.brandName,
      onboardedAt: user.onboardedAt,
      createdAt: user.createdAt,
    },
    // The refresh token itself is never exported: only that a connection exists and when it was granted.
    connection: primaryConnection(rows.connections),
    signIn: { passkeys: rows.passkeys, sessions: rows.sessions },
    ...workspaceSection({ rows, ...personal }),
    workspaces: rows.workspaces,
    soleWorkspaces: sole.map(({ id, name, ...workspace }) => ({ id, name, ...workspaceSection(workspace) })),
    audit: rows.audit,
  };
}

export type AccountExport = ReturnType<typeof accountExport>;
