// Loaded as a blocking script in <head> on every page: the theme, and the reload after a deploy
// (below). The theme applies before the first paint (no light flash). An external file because
// the CSP forbids inline scripts.
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

// After a deploy, a tab opened before it runs the old build, whose content-hashed page chunks are
// gone: its first visit to a lazy page fails to load one (Vite dispatches vite:preloadError) and
// would show the error page. Loading the same address again gets the new build. At most once a
// minute, so a chunk failing for another reason shows the error page instead of reloading
// forever. Here, not in the bundle, so it adds nothing to the first-load JS.
addEventListener("vite:preloadError", function () {
  // Offline, a reload would only trade the error page for the browser's own: keep the app.
  if (navigator.onLine === false) return;
  try {
    var reloadedAt = Number(sessionStorage.getItem("reloadedForNewVersion")) || 0;
    if (Date.now() - reloadedAt < 60000) return;
    sessionStorage.setItem("reloadedForNewVersion", String(Date.now()));
  } catch {
    // Storage refused: without the once-a-minute guard, no reload.
    return;
  }
  location.reload();
});
