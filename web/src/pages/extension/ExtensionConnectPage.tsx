import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { EXTENSION_ID_PATTERN, EXTENSION_KEY_NAME, RANKLAYER_EXTENSION_IDS } from "@contract/extension";
import { createApiKey, fetchApiKeys, revokeApiKey } from "../../api/api-keys";
import { ApiError, errorMessage } from "../../api/api-error";
import { RequireSignIn } from "../../components/RequireSignIn";
import { useRecentSignIn } from "../../components/use-recent-sign-in";
import { pageRuntime, sendKeyToExtension } from "./send-key";
import "../../styles/marketing.css";
import "./extension.css";

type Outcome =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "connected"; revokedPrefix: string | null }
  | { kind: "paste"; key: string }
  | { kind: "refused"; detail: string; needsPro: boolean };

const TITLE = "Connect the browser extension";
const CONNECT_FAILED = "The extension's key could not be made. Please try again.";

/**
 * Connecting again (a reinstall, a second click) would leave the extension's previous key active
 * with nobody holding it, until the plan's five keys are used up: the extension names the key it
 * replaced, and when that is this account's own extension key it is revoked. A key the user made
 * for something else and pasted into the extension is left alone. Returns the revoked prefix.
 */
async function revokeReplacedKey(replacedKeyPrefix: string | null, newKeyId: string): Promise<string | null> {
  if (!replacedKeyPrefix) return null;
  const prefix = replacedKeyPrefix.replace(/…$/, "");
  try {
    const { keys } = await fetchApiKeys();
    const replaced = keys.find((key) => key.prefix === prefix && key.name === EXTENSION_KEY_NAME && key.id !== newKeyId);
    if (!replaced) return null;
    await revokeApiKey(replaced.id);
    return prefix;
  } catch {
    // The new key works either way; the old one stays listed in Settings → API Access.
    return null;
  }
}

/**
 * Whether a refused key was refused for the plan (no API access: upgrading helps) rather than for
 * the workspace's five live keys (no plan allows more): the key list says which, as data. Unknown
 * (the list failed too) reads as no, and the server's own words still say why.
 */
async function planLacksApi(): Promise<boolean> {
  return fetchApiKeys().then(
    (list) => list.requestsPerHour === null,
    () => false,
  );
}

/**
 * /extension/connect?extension=<id>: the extension's options page opens it; signed in on Pro, one
 * click creates a key named "Browser extension" and hands it to that extension (Chrome's
 * externally_connectable). Where the browser cannot reach it (Firefox), the key is shown to paste.
 */
export function ExtensionConnectPage() {
  const [params] = useSearchParams();
  const extensionId = params.get("extension") ?? "";
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  // Minting a key needs a recent sign-in: "Confirm it's you" opens over the page when it is due.
  const { guard, dialog } = useRecentSignIn();

  if (!RANKLAYER_EXTENSION_IDS.includes(extensionId)) {
    // Any extension may ask to hear from this site: a link naming another one gets no key.
    const another = EXTENSION_ID_PATTERN.test(extensionId);
    return (
      <div className="container extension-connect">
        <div className="card">
          <h1>{TITLE}</h1>
          {another && (
            <p role="alert">
              This link names an extension that is not RankLayer's ({extensionId}), so no key was made or sent to it.
            </p>
          )}
          <p>Open this page from the extension: its options page has a "Sign in on ranklayer.com" button that brings you here.</p>
          <Link to="/extension">About the extension</Link>
        </div>
      </div>
    );
  }

  async function connect() {
    setOutcome({ kind: "working" });
    try {
      const { key, apiKey } = await guard(() => createApiKey(EXTENSION_KEY_NAME));
      const reply = await sendKeyToExtension(pageRuntime(), extensionId, key);
      if (reply === "unreachable") setOutcome({ kind: "paste", key });
      else if (reply.ok) setOutcome({ kind: "connected", revokedPrefix: await revokeReplacedKey(reply.replacedKeyPrefix ?? null, apiKey.id) });
      else {
        // Nobody holds the key now: revoked at once, it neither stays usable nor counts toward the plan's keys.
        const revoked = await revokeApiKey(apiKey.id).then(() => true, () => false);
        const detail = revoked ? `${reply.detail} The key made for it was revoked: nothing is left active.` : reply.detail;
        setOutcome({ kind: "refused", detail, needsPro: false });
      }
    } catch (error) {
      // The server's reason, else words: never an internal message ("TypeError: Failed to fetch").
      const detail = errorMessage(error, CONNECT_FAILED);
      setOutcome({ kind: "refused", detail, needsPro: error instanceof ApiError && error.code === "plan_limit" && (await planLacksApi()) });
    }
  }

  return (
    <RequireSignIn title={TITLE} reason="Sign in to create the extension's API key. Keys come with the Pro plan.">
      {() => (
        <div className="container extension-connect">
          <div className="card">
            <h1>{TITLE}</h1>
            <p>
              This creates an API key named "{EXTENSION_KEY_NAME}" and gives it to the extension, which keeps it in its own
              storage. You can revoke it any time in Settings → API Access.
            </p>
            {outcome.kind !== "connected" && outcome.kind !== "paste" && (
              <button type="button" className="button button--primary" onClick={connect} disabled={outcome.kind === "working"}>
                Connect the extension
              </button>
            )}
            <div role="status">
              {outcome.kind === "working" && <p>Creating the key…</p>}
              {outcome.kind === "connected" && (
                <p>
                  Connected: the extension now uses your Pro key.
                  {outcome.revokedPrefix && ` The key it used before (${outcome.revokedPrefix}…) was revoked.`} You can close this tab.
                </p>
              )}
            </div>
            {outcome.kind === "paste" && (
              <div>
                <p>Your browser did not let this page reach the extension. Copy the key into the extension's options:</p>
                <code className="extension-connect__key" aria-label="New API key">
                  {outcome.key}
                </code>
              </div>
            )}
            {outcome.kind === "refused" && (
              <p role="alert" className="notice">
                {outcome.detail}
                {outcome.needsPro && (
                  <>
                    {" "}
                    <Link to="/billing">Upgrade to Pro</Link> to use the extension with a key; without one it still shows free lookups.
                  </>
                )}
              </p>
            )}
            {dialog}
          </div>
        </div>
      )}
    </RequireSignIn>
  );
}
