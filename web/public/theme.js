// Loaded as a blocking script in <head> so a saved dark theme applies before the first
// paint (no light flash). An external file because the CSP forbids inline scripts.
// The key and values match web/src/state/dark-mode.ts.
try {
  if (localStorage.getItem("darkMode") === "true") {
    document.documentElement.classList.add("dark");
  }
} catch {
  // Storage can be blocked (privacy settings); the light theme is the fallback.
}
