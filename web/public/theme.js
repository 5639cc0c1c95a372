// Loaded as a blocking script in <head> so the theme applies before the first paint (no
// light flash). An external file because the CSP forbids inline scripts.
// The key and values match web/src/state/dark-mode.ts: a saved choice wins; without one,
// the system's preference (prefers-color-scheme) decides.
try {
  var saved = localStorage.getItem("darkMode");
  var dark = saved === null ? window.matchMedia("(prefers-color-scheme: dark)").matches : saved === "true";
  if (dark) document.documentElement.classList.add("dark");
} catch {
  // Storage can be blocked (privacy settings): follow the system if it can be read, else light.
  try {
    if (window.matchMedia("(prefers-color-scheme: dark)").matches) document.documentElement.classList.add("dark");
  } catch {
    // No matchMedia: light.
  }
}
