import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The mail `wrangler dev` "sent": its send_email binding writes each message's text part under
 * .wrangler/tmp/ (…/email/email-text/<id>.txt) instead of sending it. The newest such file
 * written since `sinceMs` that contains `marker` is the message a person would have received.
 */
export function newestLocalMail(marker: string, sinceMs: number, root = join(process.cwd(), ".wrangler", "tmp")): string | null {
  let newest: { at: number; text: string } | null = null;
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(path);
      else if (name.endsWith(".txt") && stat.mtimeMs >= sinceMs && (!newest || stat.mtimeMs > newest.at)) {
        const text = readFileSync(path, "utf8");
        if (text.includes(marker)) newest = { at: stat.mtimeMs, text };
      }
    }
  };
  walk(root);
  return newest === null ? null : (newest as { text: string }).text;
}

/** Waits (up to 10 s) for that message: the binding writes its files just after answering. */
export async function waitForLocalMail(marker: string, sinceMs: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = newestLocalMail(marker, sinceMs);
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`no local mail containing "${marker}" under .wrangler/tmp since ${new Date(sinceMs).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
