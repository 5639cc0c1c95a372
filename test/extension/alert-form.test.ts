import { describe, expect, it } from "vitest";
import { THRESHOLD_MAX } from "../../worker/contract/alert-threshold";
import { defaultThreshold, renderAlertForm } from "../../extension/src/panel/alert-form";

describe("the panel's alert form", () => {
  it("prefills a rank a fifth worse than today's, never past what the API takes", () => {
    expect(defaultThreshold("rank_above", 1000)).toBe(1200);
    expect(defaultThreshold("rank_above", null)).toBe(500);
    // A book ranked #9,000,000: #10,800,000 would be refused with a 422 the user did not cause.
    expect(defaultThreshold("rank_above", 9_000_000)).toBe(THRESHOLD_MAX);
    expect(defaultThreshold("price_change", 9_000_000)).toBe(10);
  });

  it("refuses a threshold past the API's largest before sending it", async () => {
    const sent: number[] = [];
    const form = renderAlertForm(1000, async (_condition, threshold) => void sent.push(threshold));
    document.body.append(form);
    const field = form.querySelector<HTMLInputElement>("#ranklayer-alert-threshold")!;
    field.value = String(THRESHOLD_MAX + 1);
    form.requestSubmit();
    await Promise.resolve();
    expect(sent).toEqual([]);
    expect(field.validity.valid).toBe(false);
    field.value = String(THRESHOLD_MAX);
    form.requestSubmit();
    await Promise.resolve();
    expect(sent).toEqual([THRESHOLD_MAX]);
    form.remove();
  });
});
