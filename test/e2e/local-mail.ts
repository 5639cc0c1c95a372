import { readFileSync, statSync } from "node:fs";

/** A local app server whose log can be read: `wrangler dev` (app-server.ts) or Miniflare (local-app.ts). */
type LoggingServer = { output(): string };

/**
 * The mail a local app server (`wrangler dev`, or Miniflare in local-app.ts) "sent": its
 * send_email binding writes each message's text part to a file of its own
 * (…/email/miniflare-<instance>/email-text/<id>.txt) instead of sending it, and its log names the
 * file. Read through that server's log, so tests running side by side never take each other's mail.
 * The newest such file written since `sinceMs` that contains `marker` is the message a person would
 * have received.
 */
export function newestLocalMail(server: LoggingServer, marker: string, sinceMs: number): string | null {
  let newest: { at: number; text: string } | null = null;
  for (const [, path] of server.output().matchAll(/^Text: (.+\.txt)$/gm)) {
    const stat = statSync(path!, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs < sinceMs || (newest && stat.mtimeMs <= newest.at)) continue;
    const text = readFileSync(path!, "utf8");
    if (text.includes(marker)) newest = { at: stat.mtimeMs, text };
  }
  return newest?.text ?? null;
}

/** Waits (up to 10 s) for that message: the binding writes its files just after answering. */
export async function waitForLocalMail(server: LoggingServer, marker: string, sinceMs: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = newestLocalMail(server, marker, sinceMs);
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`no mail containing "${marker}" in the server's log since ${new Date(sinceMs).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
