const RELOADED_AT_KEY = "reloadedForNewVersion";
const RELOAD_AT_MOST_EVERY_MS = 60_000;

/**
 * After a deploy, a tab opened before it runs the old build, whose content-hashed page chunks are
 * gone: its first visit to a lazy page fails to load one (Vite dispatches vite:preloadError) and
 * would show the error page. Loading the same address again gets the new build. At most once a
 * minute, so a chunk failing for another reason shows the error page instead of reloading forever.
 */
export function reloadAfterDeploy(): void {
  addEventListener("vite:preloadError", () => {
    // Offline, a reload would only trade the error page for the browser's own: keep the app.
    if (!navigator.onLine) return;
    try {
      const reloadedAt = Number(sessionStorage.getItem(RELOADED_AT_KEY)) || 0;
      if (Date.now() - reloadedAt < RELOAD_AT_MOST_EVERY_MS) return;
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    } catch {
      // Storage refused: without the once-a-minute guard, no reload.
      return;
    }
    location.reload();
  });
}
