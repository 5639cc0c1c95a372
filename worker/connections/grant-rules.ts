import { DAY_MS } from "../contract/time";

/** Pure rules of a seller grant: its renewal date and a new connection's name. */

/** Authorizations must be renewed this long after they were granted. */
export const AUTHORIZATION_LIFETIME_DAYS = 365;

export function renewalDueAt(grantedAt: string): string {
  return new Date(Date.parse(grantedAt) + AUTHORIZATION_LIFETIME_DAYS * DAY_MS).toISOString();
}

/** "Acme Brands EU": what a new connection is called until the workspace renames it. */
export function defaultConnectionName(label: string, region: string): string {
  return `${label.trim().slice(0, 60) || "Seller"} ${region.toUpperCase()}`;
}
