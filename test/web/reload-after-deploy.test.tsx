import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadAfterDeploy } from "../../web/src/app/reload-after-deploy";

describe("a tab left open across a deploy", () => {
  const listeners: EventListener[] = [];
  const listen = () => {
    const add = vi.spyOn(window, "addEventListener");
    reloadAfterDeploy();
    listeners.push(add.mock.calls.at(-1)![1] as EventListener);
    add.mockRestore();
  };

  afterEach(() => {
    for (const listener of listeners.splice(0)) removeEventListener("vite:preloadError", listener);
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("reloads the page once when a lazy page's chunk is gone, and not again within a minute", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-28T22:00:00Z"), toFake: ["Date"] });
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    listen();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledTimes(1);
    // The new build failing too (a chunk broken for another reason): the error page, no loop.
    vi.setSystemTime(Date.parse("2026-11-28T22:00:30Z"));
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy in the same tab.
    vi.setSystemTime(Date.parse("2026-11-28T22:05:00Z"));
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload while the browser is offline (the chunk failed for want of a network)", () => {
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    listen();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).not.toHaveBeenCalled();
  });
});
