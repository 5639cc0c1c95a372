/**
 * The ONE classification of Amazon's whole-call errors (Creators API and SP-API): permanent
 * (no retry can succeed until someone changes a setting or a grant) or transient (back off,
 * honouring Retry-After). Pure; the clients, the nightly run and /status all read it from here.
 *
 * Permanent failures fail their batch at once and mark a scope as needing attention:
 * - "marketplace": the store's partner tag is wrong (an Associates tag belongs to one store);
 * - "region": the region's Creators credential is refused or not eligible;
 * - "seller": the seller's SP-API grant is revoked or lacks a role;
 * - "request": RankLayer's own request is wrong (a bug to fix): the batch fails, nothing is marked.
 * Sources: Creators SDK exceptions (400 ValidationException with reason, 401 Unauthorized,
 * 403 AccessDenied / AssociateNotEligible, 429 Throttle, 500) and the PA-API 5 error reference
 * they keep (InvalidPartnerTag, InvalidAssociate); SP-API's error response (400 InvalidInput,
 * 403 Unauthorized, 404 NotFound, 429 QuotaExceeded, 500 InternalFailure, 503 ServiceUnavailable).
 */

export type AmazonApi = "creators" | "spapi";
export type ErrorClass = "permanent" | "transient";
export type AttentionScope = "marketplace" | "region" | "seller" | "request";

export interface ErrorRule {
  api: AmazonApi;
  /** HTTP status, or 0 for "no answer" (network error, timeout). */
  status: number;
  /** Amazon's reason / error code; "*" matches any. */
  code: string;
  class: ErrorClass;
  /** What a permanent error puts in need of attention. */
  scope?: AttentionScope;
  /** What the operator or seller must do, shown on /status and in Settings → Connection Status. */
  fix?: string;
}

/** Most specific rule first: the first match wins. */
export const AMAZON_ERROR_TABLE: readonly ErrorRule[] = [
  { api: "creators", status: 400, code: "InvalidPartnerTag", class: "permanent", scope: "marketplace", fix: "Set a partner tag of this store (CREATORS_<MARKETPLACE>_PARTNER_TAG) that belongs to the Associates account which issued the region's credential: Amazon maps each tag to one account and store." },
  { api: "creators", status: 400, code: "InvalidAssociate", class: "permanent", scope: "region", fix: "The credential is not mapped to an approved Associates store: check Associates Central." },
  { api: "creators", status: 400, code: "*", class: "permanent", scope: "request", fix: "RankLayer sent a request Amazon rejects: a bug to report." },
  { api: "creators", status: 401, code: "*", class: "permanent", scope: "region", fix: "The Creators credential is unknown or revoked: create a new one in Associates Central and set it." },
  { api: "creators", status: 403, code: "AssociateNotEligible", class: "permanent", scope: "region", fix: "The Associates account is not eligible for the Creators API (it needs qualifying sales)." },
  { api: "creators", status: 403, code: "*", class: "permanent", scope: "region", fix: "Amazon denies this credential access: check it in Associates Central." },
  { api: "creators", status: 429, code: "*", class: "transient" },
  { api: "creators", status: 500, code: "*", class: "transient" },
  { api: "creators", status: 0, code: "*", class: "transient" },
  { api: "spapi", status: 400, code: "*", class: "permanent", scope: "request", fix: "RankLayer sent a request Amazon rejects: a bug to report." },
  { api: "spapi", status: 401, code: "*", class: "permanent", scope: "seller", fix: "Amazon no longer accepts this seller authorization: reconnect the account." },
  { api: "spapi", status: 403, code: "*", class: "permanent", scope: "seller", fix: "Amazon refused access for this seller account: reconnect it, or check the app's SP-API roles." },
  { api: "spapi", status: 429, code: "*", class: "transient" },
  { api: "spapi", status: 500, code: "*", class: "transient" },
  { api: "spapi", status: 0, code: "*", class: "transient" },
];

/**
 * The rule for an error answer. 5xx statuses are looked up as 500; a status the table does not
 * name (404 is per item, not a call failure; an odd 418) is transient, so it is retried with
 * backoff rather than silently dropped.
 */
export function classifyAmazonError(api: AmazonApi, status: number, code?: string): ErrorRule {
  const looked = status >= 500 ? 500 : status;
  return (
    AMAZON_ERROR_TABLE.find((rule) => rule.api === api && rule.status === looked && (rule.code === "*" || rule.code === code)) ?? {
      api,
      status,
      code: code ?? "*",
      class: "transient",
    }
  );
}

/** Whether a failure of this class should be retried. */
export const isPermanent = (rule: Pick<ErrorRule, "class">): boolean => rule.class === "permanent";

/** A Creators failure kind's class: what the nightly run and /status do with it. */
export function creatorsScopeOfKind(kind: string): AttentionScope | null {
  switch (kind) {
    case "invalid_tag":
      return "marketplace";
    case "unauthorized":
    case "not_eligible":
      return "region";
    case "rejected":
      return "request";
    default:
      // throttled, timeout, unavailable: transient.
      return null;
  }
}

/** The Creators failure kind of a permanent rule (client.ts throws it). */
export function creatorsKindOf(rule: ErrorRule): "invalid_tag" | "rejected" | "not_eligible" | "unauthorized" {
  if (rule.scope === "marketplace") return "invalid_tag";
  if (rule.scope === "request") return "rejected";
  return rule.code === "AssociateNotEligible" ? "not_eligible" : "unauthorized";
}

/** The table's advice for a permanent Creators failure: its own code's rule, else its kind's (401 for a refused credential). */
export function creatorsFixFor(kind: string, code?: string): string | undefined {
  const permanent = AMAZON_ERROR_TABLE.filter((entry) => entry.api === "creators" && entry.class === "permanent");
  const byKind: Record<string, (entry: ErrorRule) => boolean> = {
    invalid_tag: (entry) => entry.code === "InvalidPartnerTag",
    not_eligible: (entry) => entry.code === "AssociateNotEligible",
    rejected: (entry) => entry.status === 400 && entry.code === "*",
    unauthorized: (entry) => entry.status === 401,
  };
  const rule = permanent.find((entry) => entry.code !== "*" && entry.code === code) ?? permanent.find(byKind[kind] ?? (() => false));
  return rule?.fix;
}
