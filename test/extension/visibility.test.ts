import { afterEach, describe, expect, it, vi } from "vitest";
import { whenVisible } from "../../extension/src/visibility";

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("no request while the tab is hidden", () => {
  afterEach(() => setVisibility("visible"));

  it("runs at once in a visible tab", () => {
    const task = vi.fn();
    setVisibility("visible");
    whenVisible(document, task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("waits for a hidden tab to be shown, then runs once", () => {
    const task = vi.fn();
    setVisibility("hidden");
    whenVisible(document, task);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(task).not.toHaveBeenCalled();
    setVisibility("visible");
    setVisibility("hidden");
    setVisibility("visible");
    expect(task).toHaveBeenCalledTimes(1);
  });
});
