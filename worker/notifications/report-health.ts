import type { ReportDeliveryProblem } from "../contract/channels";

/** A report_sends row as Settings reads it. */
export interface ReportSendState {
  kind: ReportDeliveryProblem["kind"];
  period: string;
  recipient: string;
  status: string;
  lastError: string | null;
  /** The address the email service refused this send to for good; null for any other outcome (and rows before migration 0141). */
  refusedAddress: string | null;
}

/**
 * Whether a refusal for good to `refusedAddress` (null: none recorded) was put right by saving
 * another alert email: it says nothing any more, alerts and own reports alike.
 */
export function refusalPutRight(refusedAddress: string | null, alertEmail: string | null): boolean {
  return refusedAddress !== null && refusedAddress !== alertEmail;
}

/**
 * Of a workspace's report sends, newest period first: for each report and recipient, its latest
 * send that was tried, when it failed for good or waits for a retry after a failure. A later
 * report that went out clears it; cancelled sends and ones not yet tried say nothing. An own
 * report refused for good to an address that is no longer `alertEmail` says nothing either: saving
 * another address put it right (and asking for a working address would point at the new one). Pure.
 */
export function reportProblemsOf(rows: readonly ReportSendState[], alertEmail: string | null): ReportDeliveryProblem[] {
  const seen = new Set<string>();
  const problems: ReportDeliveryProblem[] = [];
  for (const row of rows) {
    const tried = row.status === "sent" || row.status === "failed" || (row.status === "pending" && row.lastError !== null);
    const key = `${row.kind}\u0000${row.recipient}`;
    if (!tried || seen.has(key)) continue;
    seen.add(key);
    if (row.status === "sent") continue;
    if (row.recipient === "" && refusalPutRight(row.refusedAddress, alertEmail)) continue;
    problems.push({
      kind: row.kind,
      recipient: row.recipient === "" ? null : row.recipient,
      period: row.period,
      status: row.status === "failed" ? "failed" : "retrying",
      detail: row.lastError ?? "unknown error",
      refusedForGood: row.refusedAddress !== null,
    });
  }
  return problems;
}

/** Which reports a workspace still sends now: its own (the switch on and an alert email set), and the addresses it chose. */
export interface ReportsWanted {
  daily: boolean;
  weekly: boolean;
  /** The addresses the workspace chose (weekly reports only). */
  chosen: ReadonlySet<string>;
}

/**
 * The problems that still apply: a report switched off, an alert email removed or a chosen
 * address taken off the list will not be sent again, so their old failure is no longer news. Pure.
 */
export function stillApplying(problems: readonly ReportDeliveryProblem[], wanted: ReportsWanted): ReportDeliveryProblem[] {
  return problems.filter((problem) => (problem.recipient === null ? wanted[problem.kind] : problem.kind === "weekly" && wanted.chosen.has(problem.recipient)));
}
