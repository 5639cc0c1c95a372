import { describe, expect, it } from "vitest";
import { isolateSlot, isolateState } from "../../../worker/shared/isolate-state";

describe("the isolate's state", () => {
  it("creates a slot on first use, keeps it between uses, and starts it afresh after a reset", async () => {
    let created = 0;
    const seen = isolateSlot(() => {
      created += 1;
      return new Set<string>();
    });
    seen().add("a");
    expect(seen().has("a")).toBe(true);
    expect(created).toBe(1);

    await isolateState.reset();
    expect(seen().has("a")).toBe(false);
    expect(created).toBe(2);
  });

  it("waits for tracked background work, and for the work it starts, before forgetting", async () => {
    const order: string[] = [];
    const later = (ms: number, step: string) => new Promise<void>((resolve) => setTimeout(() => resolve(void order.push(step)), ms));
    // A first write that queues a second one when it ends, as the lookup log's window does.
    isolateState.track(later(20, "first").then(() => void isolateState.track(later(20, "second"))));
    await isolateState.reset();
    order.push("reset");
    expect(order).toEqual(["first", "second", "reset"]);
  });

  it("a failed piece of background work does not fail the reset", async () => {
    const failing = isolateState.track(Promise.reject(new Error("D1 is down")));
    await expect(failing).rejects.toThrow("D1 is down");
    await expect(isolateState.reset()).resolves.toBeUndefined();
  });
});
