/** The rank beside each search result: a small badge in its own shadow root. */
import type { CompareItem } from "../../worker/contract/compare";
import { adoptStyles, el } from "./panel/dom";
import type { RanksAnswer } from "./messages";
import { formatAsOf, formatRank, keyedErrorSentence, SOURCE_LABEL, unansweredSentence } from "./panel/format";

export const BADGE_CLASS = "ranklayer-extension-rank";

const BADGE_CSS = `
:host { all: initial; display: inline-block; margin: 4px 0; }
span { font: 600 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1f2328;
  background: #eef3fc; border: 1px solid #0b5cd5; border-radius: 999px; padding: 1px 8px; }
@media (prefers-color-scheme: dark) { span { color: #e6edf3; background: #0d1117; border-color: #79b8ff; } }
`;

export function badgeText(item: CompareItem | undefined): string {
  if (!item) return "BSR —";
  if (!item.ok) return "BSR not available";
  const { rank, categoryPath, source } = item.product;
  const where = categoryPath[0] ? ` in ${categoryPath[0]}` : "";
  return `BSR ${formatRank(rank)}${rank === null ? "" : where}${source === "mock" ? " (mock)" : ""}`;
}

const BADGE_TITLE = "Best Sellers Rank from RankLayer";

/**
 * The badge's tooltip: where the rank comes from and as of when, since a badge may show a copy up
 * to 24 hours old (the server's cache, or the extension's own) and its text has room for neither.
 */
export function badgeTitle(item: CompareItem | undefined): string {
  if (!item?.ok) return BADGE_TITLE;
  const { source, refreshedAt } = item.product;
  return `${BADGE_TITLE}: ${source === "mock" ? "Mock data, not live" : SOURCE_LABEL[source]}, as of ${formatAsOf(refreshedAt)}`;
}

export function addBadge(result: HTMLElement, text: string, title = BADGE_TITLE): void {
  result.querySelector(`:scope .${BADGE_CLASS}`)?.remove();
  const host = el("div", { class: BADGE_CLASS });
  const root = host.attachShadow({ mode: "open" });
  adoptStyles(root, BADGE_CSS);
  root.append(el("span", { title }, text));
  result.prepend(host);
}

/**
 * The badge texts of one batch of results, in page order, and whether to stop asking. Without a
 * key nothing is added; any other refusal (revoked key, hourly limit) is said once, on the first
 * result, with the server's detail, since the next batch would be refused the same way.
 */
export function batchBadges(answer: RanksAnswer, asins: string[]): { texts: string[]; stop: boolean } {
  if (answer.ok) return { texts: asins.map((asin) => badgeText(answer.items.find((item) => item.asin === asin))), stop: false };
  if (answer.keyMissing) return { texts: [], stop: true };
  return { texts: [`RankLayer: ${keyedErrorSentence(answer.status, answer.detail, answer.retryAfterSeconds)}`], stop: true };
}

/** A batch the background never answered (a tab opened before the extension was updated) as a refusal to say once. */
export function ranksOrUnanswered(pending: Promise<RanksAnswer>): Promise<RanksAnswer> {
  return pending.catch((error: unknown): RanksAnswer => ({ ok: false, status: 0, detail: unansweredSentence(error), retryAfterSeconds: null, keyMissing: false }));
}
