import { describe, expect, it } from "vitest";
import { onFirstUse } from "../../../worker/shared/on-first-use";

/** Code a request path loads on demand is loaded once per isolate; a failed load is tried again. */
describe("onFirstUse", () => {
  it("loads on the first call only, and every call gets the same module", async () => {
    let loads = 0;
    const load = onFirstUse(async () => ({ loaded: ++loads }));

    const modules = await Promise.all([load(), load(), load()]);
    expect(await load()).toBe(modules[0]);

    expect(loads).toBe(1);
    expect(new Set(modules).size).toBe(1);
  });

  it("answers the loaded module itself once it has loaded, so no later request awaits the first one's promise", async () => {
    const load = onFirstUse(async () => ({ ready: true }));
    const first = load();
    expect(first).toBeInstanceOf(Promise);
    expect(load()).toBe(first);

    const module = await first;
    expect(load()).toBe(module);
  });

  it("tries a failed load again on the next call", async () => {
    let attempts = 0;
    const load = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("chunk unavailable");
      return { attempts };
    });

    await expect(load()).rejects.toThrow("chunk unavailable");
    expect(await load()).toEqual({ attempts: 2 });
    expect(await load()).toEqual({ attempts: 2 });
  });

  it("loads a real module dynamically", async () => {
    const load = onFirstUse(() => import("../../../worker/contract/time"));
    expect((await load()).HOUR_MS).toBe(3_600_000);
  });
});
