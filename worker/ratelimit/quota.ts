import type { Config, Deployment } from "../config";
import type { Plan } from "../contract/plans";
import type { Bindings, SignedInAccount } from "../env";
import { hitAccountLimit, hitClientLimit, type WindowLimit } from "./client-limit";
import { giveBackExport, takeExport } from "./export-limit";
import { peekKeyRequests, takeKeyRequest } from "./key-limit";
import { takeMailTo, type ChosenAddressMail, type MailTake, type MailTo } from "./mail-limit";
import type { Background } from "../shared/background";
import { giveBackLookup, lookupLimits, peekLookup, takeLookup, type LookupClient, type LookupLimits } from "./lookup-limit";
import type { WindowDecision } from "./window";

/**
 * Every rate limit of a request, bound to the deployment: one window limiter (window.ts, the
 * RateLimiter Durable Object) serving lookups, API keys, exports, contact messages, demo
 * accounts, webhook tests and mail to addresses members type in.
 */
export interface Quota {
  /** The deployment's lookup limits (LOOKUP_LIMIT_PER_MINUTE, LOOKUP_LIMIT_PER_MONTH). */
  readonly lookupLimits: LookupLimits;
  /** One lookup of the client (a request: its address, under the deployment's limits). */
  takeLookup(client: Request | LookupClient): Promise<WindowDecision>;
  peekLookup(client: Request | LookupClient): Promise<WindowDecision>;
  /** Gives back lookups taken for work that failed (Amazon failing, the budget busy). */
  giveBackLookup(client: Request | LookupClient, amount: number): Promise<void>;
  /** One request of an account's hourly API key limit. */
  takeKeyRequest(userId: string, limit: number): Promise<WindowDecision>;
  peekKeyRequests(userId: string, limit: number): Promise<WindowDecision>;
  /** One export of the plan's daily cap; null when the plan has none. */
  takeExport(request: Request, account: SignedInAccount | null, plan: Plan): Promise<WindowDecision | null>;
  /** Gives back the export takeExport counted, when its file could not be made. */
  giveBackExport(request: Request, account: SignedInAccount | null, plan: Plan): Promise<void>;
  /** One hit of a named per-address limit (contact messages, demo accounts). */
  hitClient(request: Request, name: string, limit: WindowLimit): Promise<WindowDecision>;
  /** One hit of a named per-account limit (webhook tests). */
  hitAccount(userId: string, name: string, limit: WindowLimit): Promise<WindowDecision>;
  /** One mail from a workspace to an address a member typed in (report confirmations, invitations; mail-limit.ts). */
  takeMailTo(kind: ChosenAddressMail, to: MailTo): Promise<MailTake>;
}

/** `background` is the request's waitUntil: with it, a busy client's lease is renewed before it runs out (lease-book.ts). */
export function quotaOf(env: Bindings, config: Config, background?: Background): Quota {
  const deployment: Deployment = { env, config };
  return {
    lookupLimits: lookupLimits(config),
    takeLookup: (client) => takeLookup(deployment, client, { background }),
    peekLookup: (client) => peekLookup(deployment, client),
    giveBackLookup: (client, amount) => giveBackLookup(deployment, client, amount),
    takeKeyRequest: (userId, limit) => takeKeyRequest(env, userId, limit, { background }),
    peekKeyRequests: (userId, limit) => peekKeyRequests(env, userId, limit),
    takeExport: (request, account, plan) => takeExport(env, request, account, plan),
    giveBackExport: (request, account, plan) => giveBackExport(env, request, account, plan),
    hitClient: (request, name, limit) => hitClientLimit(env, request, name, limit),
    hitAccount: (userId, name, limit) => hitAccountLimit(env, userId, name, limit),
    takeMailTo: (kind, to) => takeMailTo(env, kind, to),
  };
}
