import { escapeHtml } from "../shared/html";

/**
 * The page a browser lands on when the OAuth callback fails. It is a full document (the
 * callback is a top-level navigation from Amazon), with no script and no inline style. A caller
 * who was signed in before (connecting a seller account from Settings, or linking one to an
 * email account) still is: the page says so and leads back to Settings, not to sign-in.
 */
/**
 * An Amazon-only account on a new browser has no way in but support (docs/support/account-recovery.md):
 * the refusal says how to reach it, and what to send.
 */
const SUPPORT = `No email address or passkey on the account? <a href="/contact">Write to support</a> from the address you want to sign in with, with the seller id above and the marketplace you sell in. We will ask you to confirm it in Seller Central; we never recover an account on a seller id or a screenshot alone.`;

export function callbackErrorPage(message: string, signedIn: boolean, withSupport = false): string {
  const title = signedIn ? "Seller account not connected" : "Amazon sign-in failed";
  const next = signedIn
    ? `You are still signed in; nothing was changed. <a href="/settings#connection-status">Back to Settings → Connection Status</a>`
    : `You are not signed in. <a href="/signin">Sign in by email or with a passkey</a>, or go <a href="/connect">back to Connect Seller Central</a>.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · RankLayer</title>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
<p>${next}</p>
${withSupport ? `<p>${SUPPORT}</p>
` : ""}</main>
</body>
</html>
`;
}
