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
