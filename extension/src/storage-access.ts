/**
 * Keeps chrome.storage.local (the API key, the answer cache) to the extension's own contexts.
 * By default Chromium lets content scripts read it too, and they run in Amazon's renderer process,
 * so a compromised page could read the key through them. Chromium persists the level; Firefox
 * offers setAccessLevel on storage.session only, so there the call is skipped.
 */
export interface AccessLevelArea {
  setAccessLevel?: (options: { accessLevel: "TRUSTED_CONTEXTS" | "TRUSTED_AND_UNTRUSTED_CONTEXTS" }) => Promise<void>;
}

/** True when the area is now closed to content scripts, false where the browser cannot do it. */
export async function keepFromContentScripts(area: AccessLevelArea): Promise<boolean> {
  if (typeof area.setAccessLevel !== "function") return false;
  try {
    await area.setAccessLevel({ accessLevel: "TRUSTED_CONTEXTS" });
    return true;
  } catch {
    return false;
  }
}
