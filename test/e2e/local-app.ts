/**
 * The built app in Miniflare, inside the test file's own process: for the files that need an app
 * server of their own (they fire the crons, or configure Stripe and Amazon sign-in). Its
 * configuration is wrangler.toml as `wrangler dev` reads it (wrangler's own
 * unstable_getMiniflareWorkerOptions), with the same workerd, bindings, static assets and local
 * store layout. The suite's shared server stays a real `wrangler dev` (global-setup.ts), as
 * `npm start` runs it.
 *
 * Why not `wrangler dev` here too: each start ran wrangler's CLI in a Node process of its own
 * and a proxy workerd in front of the app, about 5 s of CPU; this start is about 1 s
 * (2026-11-27, 2-core machine), and the suite starts seven of them.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, type Json, type V4WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { WORKER_ENTRY, WORKER_OUT_DIR } from "../../build/worker-bundle.ts";
import { newLocalStore } from "./app-server.ts";

export interface LocalApp {
  url: string;
  /** What the app has logged so far, as `wrangler dev` prints it (requests, the mail its send_email binding wrote). */
  output(): string;
  /** Runs the scheduled handler for `cron` as `wrangler dev`'s /cdn-cgi/handler/scheduled does, at `scheduledTimeMs` (default now). */
  fireCron(cron: string, scheduledTimeMs?: number): Promise<Response>;
  stop(): Promise<void>;
}

/** Keeps every line Miniflare logs, for output(). */
class KeptLog extends Log {
  readonly lines: string[] = [];
  constructor() {
    super(LogLevel.INFO);
  }
  override log(message: string): void {
    this.lines.push(message);
  }
}

/** The split Worker of `npm run build`: its entry and every chunk it may import (wrangler.toml's [[rules]] upload the same). */
function workerModules() {
  const chunks = readdirSync(join(WORKER_OUT_DIR, "chunks")).filter((name) => name.endsWith(".mjs"));
  return [WORKER_ENTRY, ...chunks.map((name) => join(WORKER_OUT_DIR, "chunks", name))].map((path) => ({ type: "ESModule" as const, path }));
}

/** `vars` are what `wrangler dev --var NAME:VALUE` would set: raised limits, fake upstream URLs. */
export async function startLocalApp(vars: Record<string, string> = {}): Promise<LocalApp> {
  const persistTo = await newLocalStore();

  const config = unstable_readConfig({ config: "wrangler.toml" });
  // Miniflare 5 takes no module rules: the modules are listed instead.
  const { modulesRules: _rules, ...workerOptions } = unstable_getMiniflareWorkerOptions(config).workerOptions;
  const worker: V4WorkerOptions = {
    ...workerOptions,
    name: config.name,
    modulesRoot: WORKER_OUT_DIR,
    modules: workerModules(),
    bindings: { ...(workerOptions.bindings as Record<string, Json> | undefined), ...vars },
  };
  const log = new KeptLog();
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      // `wrangler dev --persist-to X` keeps its stores in X/v3.
      resourcePersistencePath: join(persistTo, "v3"),
      // /cdn-cgi/local/scheduled, which wrangler dev serves as /cdn-cgi/handler/scheduled.
      unsafeTriggerHandlers: true,
      // The placeholder `request.cf` without first trying to download the real one (no network here).
      cf: false,
      log,
      workers: [worker],
    }),
  );
  let url: URL;
  try {
    url = await miniflare.ready;
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw new Error(`Miniflare did not start:\n${log.lines.join("\n")}`, { cause: error });
  }
  const origin = url.origin;

  return {
    url: origin,
    output: () => log.lines.join("\n"),
    fireCron(cron, scheduledTimeMs) {
      const time = scheduledTimeMs === undefined ? "" : `&time=${scheduledTimeMs}`;
      return fetch(`${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}${time}`);
    },
    async stop() {
      await miniflare.dispose();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
