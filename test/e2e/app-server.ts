/**
 * Runs the built app (the SPA and the split Worker of `npm run build`, as deployed) under a
 * real `wrangler dev` on 127.0.0.1, with its own local storage in a temporary folder, migrated
 * the way `npm start` migrates it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WORKER_ENTRY } from "../../build/worker-bundle.ts";
import { migrateLocalDatabases } from "./local-databases.ts";

/**
 * A migrated local store each server copies instead of migrating its own (the browser suite's
 * global setup makes one): migrating starts a workerd of its own, about 3 s of CPU, and the suite
 * starts about ten servers.
 */
export const MIGRATED_STORE_ENV = "RANKLAYER_MIGRATED_STORE";

export interface AppServer {
  url: string;
  /** The process group of `wrangler dev` and its workerd processes (the benchmark reads their CPU time). */
  processGroup: number;
  /** What `wrangler dev` has printed so far (its log: requests, the mail its send_email binding wrote). */
  output(): string;
  stop(): Promise<void>;
}

/** A fresh local store (a `--persist-to` folder) in a temporary folder, migrated: a copy of the suite's migrated store when there is one. */
export async function newLocalStore(): Promise<string> {
  const persistTo = mkdtempSync(join(tmpdir(), "ranklayer-"));
  const migrated = process.env[MIGRATED_STORE_ENV];
  if (migrated) cpSync(migrated, persistTo, { recursive: true });
  else await migrateLocalDatabases(persistTo);
  return persistTo;
}

export interface ServerOptions {
  logLevel?: "info" | "warn";
  localTraces?: boolean;
}

/**
 * The benchmark's servers: the Worker without the dev server's own work per request, which a
 * deployed Worker never pays. wrangler dev logs every request through its Node process (about
 * 0.25 ms of CPU a request there and as much again in workerd), and its local trace collector,
 * on by default, records every request into a SQLite Durable Object in the Worker's own process
 * (about 40 % of that process's CPU for a `/api/health` request, 2026-11-28). Warnings and errors still print.
 */
export const WORKER_ONLY: ServerOptions = { logLevel: "warn", localTraces: false };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * `vars` are passed with --var NAME:VALUE, e.g. raised limits or fake upstream URLs.
 * `seed` writes to the migrated local store before the server starts (the benchmark's tracked ASINs).
 * `logLevel: "warn"` stops wrangler logging every request; `output()` then has no mail lines.
 * `localTraces: false` stops wrangler's local trace collector (X_LOCAL_OBSERVABILITY).
 */
export async function startAppServer(
  vars: Record<string, string> = {},
  seed?: (persistTo: string) => Promise<void>,
  options: ServerOptions = {},
): Promise<AppServer> {
  const persistTo = await newLocalStore();
  const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");
  await seed?.(persistTo);

  // Naming an env file stops wrangler reading a developer's .dev.vars (real credentials).
  const envFile = join(persistTo, "test.env");
  writeFileSync(envFile, "");

  const port = await freePort();
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const child: ChildProcess = spawn(
    wrangler,
    ["dev", WORKER_ENTRY, "--no-bundle", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--env-file", envFile, ...(options.logLevel ? ["--log-level", options.logLevel] : []), ...varArgs],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "true", ...(options.localTraces === false ? { X_LOCAL_OBSERVABILITY: "false" } : {}) },
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGTERM");
      throw new Error(`wrangler dev did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    processGroup: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid!, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      }
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
