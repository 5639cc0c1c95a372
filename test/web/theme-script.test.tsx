import { afterEach, describe, expect, it, vi } from "vitest";
// public/theme.js runs before the first paint, outside React: run its text as the page would.
import source from "../../web/public/theme.js?raw";

function loadWith(saved: string | null, systemDark: boolean): boolean {
  document.documentElement.classList.remove("dark");
  localStorage.clear();
  if (saved !== null) localStorage.setItem("darkMode", saved);
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark }));
  new Function(source)();
  return document.documentElement.classList.contains("dark");
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove("dark");
  localStorage.clear();
});

describe("public/theme.js, the first paint's theme", () => {
  it.each([
    ["no saved choice, system dark", null, true, true],
    ["no saved choice, system light", null, false, false],
    ["saved light wins over a dark system", "false", true, false],
    ["saved dark wins over a light system", "true", false, true],
  ])("%s", (_case, saved, systemDark, dark) => {
    expect(loadWith(saved, systemDark)).toBe(dark);
  });
});

describe("public/theme.js, a tab left open across a deploy", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("reloads the page once when a lazy page's chunk is gone, and not again within a minute", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-28T22:00:00Z"), toFake: ["Date"] });
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    new Function(source)();
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
    new Function(source)();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).not.toHaveBeenCalled();
  });
});
