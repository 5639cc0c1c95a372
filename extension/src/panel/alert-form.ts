import type { PanelAlertCondition } from "../messages";
import { THRESHOLD_MAX } from "../../../worker/contract/alert-threshold";
import { el } from "./dom";
import { groupDigits } from "./format";

/** Starting thresholds: a rank a little worse than today's (within what the API takes), or a 10 % price change. */
export function defaultThreshold(condition: PanelAlertCondition, rank: number | null): number {
  if (condition === "price_change") return 10;
  return rank === null ? 500 : Math.min(THRESHOLD_MAX, Math.max(1, Math.ceil(rank * 1.2)));
}

/** The small alert form: a rank threshold or a price change in percent; hidden until Alert opens it. */
export function renderAlertForm(rank: number | null, submit: (condition: PanelAlertCondition, threshold: number) => Promise<void>): HTMLFormElement {
  const condition = el(
    "select",
    { id: "ranklayer-alert-condition" },
    el("option", { value: "rank_above" }, "Rank gets worse than"),
    el("option", { value: "price_change" }, "Price moves more than ± (%)"),
  );
  const threshold = el("input", { id: "ranklayer-alert-threshold", type: "number", min: "1", max: String(THRESHOLD_MAX), step: "1", required: true, inputmode: "numeric" });
  threshold.value = String(defaultThreshold("rank_above", rank));
  condition.addEventListener("change", () => {
    threshold.value = String(defaultThreshold(condition.value as PanelAlertCondition, rank));
  });
  const create = el("button", { type: "submit" }, "Create alert");
  const form = el(
    "form",
    { id: "ranklayer-alert-form", "aria-label": "New alert", hidden: true },
    el("label", { for: "ranklayer-alert-condition" }, "Alert me when", condition),
    el("label", { for: "ranklayer-alert-threshold" }, "Threshold", threshold),
    el("div", {}, create),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = Number(threshold.value);
    if (!Number.isInteger(value) || value < 1 || value > THRESHOLD_MAX) {
      threshold.setCustomValidity(`Enter a whole number from 1 to ${groupDigits(THRESHOLD_MAX)}.`);
      threshold.reportValidity();
      return;
    }
    threshold.setCustomValidity("");
    create.disabled = true;
    await submit(condition.value as PanelAlertCondition, value);
    create.disabled = false;
  });
  return form;
}
