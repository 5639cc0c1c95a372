import { escapeHtml } from "../shared/html";

/**
 * The page a browser lands on when the OAuth callback fails. It is a full document (the
 * callback is a top-level navigation from Amazon), with no script and no inline style.
 */
export function callbackErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Amazon sign-in failed · RankLayer</title>
</head>
<body>
<main>
<h1>Amazon sign-in failed</h1>
<p>${escapeHtml(message)}</p>
<p>You are not signed in. <a href="/connect">Back to Connect Seller Central</a></p>
</main>
</body>
</html>
`;
}

