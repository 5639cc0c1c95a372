import { HOUR_MS } from "../contract/time";
import type { Bindings } from "../env";
import { sha256Hex } from "../shared/hmac";
import { giveBackSubjectLimit, hitSubjectLimit, type WindowLimit } from "./client-limit";

/**
 * Mail sent to an address a member typed in, not to the member's own: a weekly report's
 * confirmation link, a workspace invitation. Whoever types the address is not its owner, so it
 * is counted per address (nobody can use a workspace to mail-bomb someone) and per workspace
 * (nor to spray addresses), in clock hours (window.ts). A mail that was not sent is given back.
 */
export type ChosenAddressMail = "report-confirmation" | "invitation";

/**
 * Which count refused: the address in this workspace, the workspace's, the address's from every
 * workspace, or the sending member's from every workspace (one person can make many workspaces).
 */
export type MailLimitScope = "address" | "workspace" | "anywhere" | "sender";

const CHOSEN_ADDRESS_MAIL_LIMITS: Record<ChosenAddressMail, Record<MailLimitScope, number | null>> = {
  // One link an hour per address: a lost mail can be asked for again, a loop of re-adds (or of
  // delete and add) bombs no one. 20 a workspace: its whole recipient list (MAX_RECIPIENTS) at
  // once. 10 from all workspaces together: any email account can make many workspaces, while an
  // agency may name one colleague in several clients' workspaces.
  // 40 from one member: two workspaces' whole lists, never a spray through many new workspaces.
  "report-confirmation": { address: 1, workspace: 20, anywhere: 10, sender: 40 },
  // A few re-sends an hour (another role, a lost mail); new addresses are bounded by the plan's seats,
  // and a member's invitations from all workspaces together by 40 an hour.
  invitation: { address: 3, workspace: null, anywhere: null, sender: 40 },
};

export type MailTake =
  | { allowed: true; /** Gives the counts back: the mail did not go. */ giveBack(): Promise<void> }
  | { allowed: false; refusedBy: MailLimitScope; limit: number; retryAfterSeconds: number };

interface Counter {
  scope: MailLimitScope;
  subject: string;
  name: string;
  limit: WindowLimit;
}

// A hash: the limiter's stored counter names carry no address.
const addressKey = (email: string) => sha256Hex(email);

/** Who sends what to whom: the workspace, the member who typed the address, the address. */
export interface MailTo {
  workspaceId: string;
  senderId: string;
  email: string;
}

async function countersOf(kind: ChosenAddressMail, { workspaceId, senderId, email }: MailTo): Promise<Counter[]> {
  const address = await addressKey(email);
  const subjects: Record<MailLimitScope, [string, string]> = {
    address: [`workspace:${workspaceId}`, `${kind}:${address}`],
    workspace: [`workspace:${workspaceId}`, kind],
    anywhere: [`address:${address}`, kind],
    sender: [`sender:${senderId}`, kind],
  };
  return (Object.keys(subjects) as MailLimitScope[]).flatMap((scope) => {
    const limit = CHOSEN_ADDRESS_MAIL_LIMITS[kind][scope];
    const [subject, name] = subjects[scope];
    return limit === null ? [] : [{ scope, subject, name, limit: { limit, windowMs: HOUR_MS } }];
  });
}

/**
 * Counts one mail of `kind` from the workspace to `email` against each of its limits, all at
 * once (each is its own Durable Object); when one refuses, the counts taken are given back, so
 * a refused mail costs nothing. The refusal named is the first in scope order.
 */
export async function takeMailTo(env: Pick<Bindings, "RATE_LIMITER">, kind: ChosenAddressMail, to: MailTo): Promise<MailTake> {
  const counters = await countersOf(kind, to);
  const decisions = await Promise.all(counters.map((counter) => hitSubjectLimit(env, counter.subject, counter.name, counter.limit)));
  const taken = counters.filter((_, i) => decisions[i]!.allowed);
  const giveBack = async () => {
    await Promise.all(taken.map((counter) => giveBackSubjectLimit(env, counter.subject, counter.name, counter.limit)));
  };
  const refused = decisions.findIndex((decision) => !decision.allowed);
  if (refused === -1) return { allowed: true, giveBack };
  await giveBack();
  const decision = decisions[refused]!;
  return { allowed: false, refusedBy: counters[refused]!.scope, limit: decision.limit, retryAfterSeconds: decision.resetSeconds };
}
