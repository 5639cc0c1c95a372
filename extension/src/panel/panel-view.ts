/**
 * The product panel in its shadow root: facts, the rank chart, and the Track and Alert actions.
 * Every server string is set as text (dom.ts), never parsed as HTML.
 */
import type { ActionAnswer, PanelAlertCondition, ProductAnswer } from "../messages";
import { latestSourcePoints } from "../../../worker/contract/same-source";
import { adoptStyles, el } from "./dom";
import { errorSentence, formatAsOf, keyedErrorSentence, keyRefused, formatRank, formatRating, NOT_AVAILABLE, remainingSentence, SOURCE_LABEL, unansweredSentence } from "./format";
import { renderAlertForm } from "./alert-form";
import { PANEL_CSS } from "./panel-styles";
import { chartSummary, pointsWithin, sparklinePath, sparklineSvg } from "./sparkline";

export type PanelState =
  | { kind: "loading" }
  | { kind: "failed"; status: number; detail: string; retryAfterSeconds: number | null }
  | { kind: "ready"; answer: ProductAnswer };

export interface PanelActions {
  track(): Promise<ActionAnswer>;
  alert(condition: PanelAlertCondition, threshold: number): Promise<ActionAnswer>;
  openOptions(): void;
}

export const PANEL_HOST_ID = "ranklayer-extension-panel";

/** The panel's host element with its shadow root and styles, not yet in the page. */
export function createPanelHost(): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement("div");
  host.id = PANEL_HOST_ID;
  // Open, so assistive tech and the user's own tools can read it; it holds only public product data.
  const root = host.attachShadow({ mode: "open" });
  adoptStyles(root, PANEL_CSS);
  return { host, root };
}

function frame(...children: (Node | null)[]): HTMLElement {
  return el("section", { class: "panel", "aria-labelledby": "ranklayer-title" }, ...children);
}

function title(badge: Node | null): HTMLElement {
  return el("div", { class: "head" }, el("h2", { id: "ranklayer-title" }, "RankLayer"), badge);
}

export function renderPanel(root: ShadowRoot, state: PanelState, actions: PanelActions, today: string): void {
  const content =
    state.kind === "loading"
      ? frame(title(null), el("p", { class: "note", role: "status" }, "Looking up this product…"))
      : state.kind === "failed"
        ? frame(title(null), el("p", { class: "error", role: "alert" }, errorSentence(state.status, state.detail, state.retryAfterSeconds)))
        : readyPanel(state.answer, actions, today);
  root.querySelector("section.panel")?.remove();
  root.append(content);
}

function readyPanel(answer: ProductAnswer, actions: PanelActions, today: string): HTMLElement {
  const lookup = answer.lookup;
  if (!lookup.ok) {
    if (!keyRefused(lookup.status, answer.signedIn)) {
      return frame(title(null), el("p", { class: "error", role: "alert" }, errorSentence(lookup.status, lookup.detail, lookup.retryAfterSeconds)));
    }
    // A revoked or disabled key fails every page until it is replaced: say so and open the way there.
    const options = el("button", { type: "button", class: "secondary" }, "Open options");
    options.addEventListener("click", () => actions.openOptions());
    return frame(
      title(null),
      el("p", { class: "error", role: "alert" }, keyedErrorSentence(lookup.status, lookup.detail, lookup.retryAfterSeconds)),
      el("div", { class: "actions" }, options),
    );
  }
  const product = lookup.data;
  const isMock = product.source === "mock";
  // "Live" means fetched from Amazon for this answer; shown again from the extension's own cache
  // (up to 24 h later) it is a cached copy, as the server calls its own ("cache").
  const source = answer.fromCache && product.source === "live" ? "cache" : product.source;
  const category = product.categoryPath[0] ?? null;
  const facts = el(
    "dl",
    { class: "facts" },
    el("dt", {}, "Best Sellers Rank"),
    el("dd", {}, product.rank === null ? NOT_AVAILABLE : category ? `${formatRank(product.rank)} in ${category}` : formatRank(product.rank)),
    el("dt", {}, "Category"),
    el("dd", {}, product.categoryPath.length > 0 ? product.categoryPath.join(" › ") : NOT_AVAILABLE),
    el("dt", {}, "Rating"),
    el("dd", {}, formatRating(product.rating, product.reviewCount)),
    el("dt", {}, "Source"),
    el("dd", {}, `${SOURCE_LABEL[source]}, as of ${formatAsOf(product.refreshedAt)}`),
  );
  const badge = el("span", { class: `badge badge--${source}` }, isMock ? "Mock data" : SOURCE_LABEL[source]);
  const message = el("p", { class: "message", role: "status" });
  const remaining = answer.signedIn ? null : remainingSentence(lookup.remaining, lookup.limit, lookup.resetSeconds);

  return frame(
    title(badge),
    isMock ? el("p", { class: "mock-note" }, "Sample data from RankLayer's mock mode, not live Amazon data.") : null,
    facts,
    chartBlock(answer, today),
    remaining ? el("p", { class: "note" }, answer.fromCache ? `${remaining.slice(0, -1)} when this product was last looked up.` : remaining) : null,
    actionsBlock(answer, actions, message),
    message,
  );
}

function chartBlock(answer: ProductAnswer, today: string): HTMLElement {
  const block = el("div", { class: "chart-block" });
  const history = answer.history;
  if (!history || !history.ok) {
    block.append(el("p", { class: "note" }, history ? `Rank history: ${history.detail}` : `Rank history: ${NOT_AVAILABLE}.`));
    return block;
  }
  const ranges = answer.signedIn ? [30, 90] : [answer.historyDays];
  const draw = (days: number) => {
    // An ASIN a demo tracked has mock snapshots before its live ones: no part of the live product's history (nor its best or worst rank).
    const ranked = pointsWithin(latestSourcePoints(history.data.points), days, today);
    const summary = chartSummary(ranked, days);
    const heading = el("h3", {}, `Rank, last ${days} days`);
    const buttons = el("div", { class: "ranges", role: "group", "aria-label": "Chart range" });
    if (ranges.length > 1) {
      for (const range of ranges) {
        const button = el("button", { type: "button", class: "secondary small", "aria-pressed": String(range === days) }, `${range} days`);
        button.addEventListener("click", () => draw(range));
        buttons.append(button);
      }
    }
    block.replaceChildren(
      el("div", { class: "chart-head" }, heading, buttons),
      sparklineSvg(sparklinePath(ranked, days, today), summary),
      el("p", { class: "summary" }, summary),
    );
    if (!answer.signedIn) block.append(el("p", { class: "note" }, "Free: 7 days of history. A Pro key shows 30 and 90 days."));
  };
  draw(ranges[0]!);
  return block;
}

function actionsBlock(answer: ProductAnswer, actions: PanelActions, message: HTMLElement): HTMLElement {
  const show = (result: ActionAnswer) => {
    message.textContent = result.message;
    message.className = result.ok ? "message" : "message message--error";
  };
  // An action the background never answers (the extension updated since the page loaded) still says so and frees its button.
  const settle = (action: Promise<ActionAnswer>) => action.catch((error: unknown): ActionAnswer => ({ ok: false, message: unansweredSentence(error) }));
  const track = el("button", { type: "button" }, "Track");
  track.addEventListener("click", async () => {
    track.disabled = true;
    show(await settle(actions.track()));
    track.disabled = false;
  });
  const alertButton = el("button", { type: "button", class: "secondary", "aria-expanded": "false", "aria-controls": "ranklayer-alert-form" }, "Alert");
  const lookup = answer.lookup;
  const rank = lookup.ok ? lookup.data.rank : null;
  const form = renderAlertForm(rank, async (condition, threshold) => show(await settle(actions.alert(condition, threshold))));
  alertButton.addEventListener("click", () => {
    const open = form.hidden;
    form.hidden = !open;
    alertButton.setAttribute("aria-expanded", String(open));
    if (open) form.querySelector("select")?.focus();
  });
  const row = el("div", { class: "actions" }, track, alertButton);
  if (!answer.signedIn) {
    const options = el("button", { type: "button", class: "secondary" }, "Add API key");
    options.addEventListener("click", () => actions.openOptions());
    row.append(options);
  }
  const wrapper = el("div", {}, row, form);
  return wrapper;
}
