/**
 * The Worker's build figures for `npm run bench`: the bundle `wrangler deploy --dry-run` makes,
 * what each large dependency costs in it, and the start-up CPU `wrangler check startup` measures.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");

export interface BundleFigures {
  bytes: number;
  gzipBytes: number;
  /** Bytes in the bundle per npm package (app code under "(app code)"), largest first. */
  byPackage: [string, number][];
}

function packageOf(input: string): string {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) return "(app code)";
  const parts = input.slice(at + "node_modules/".length).split("/");
  return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

export function workerBundle(): BundleFigures {
  const dir = mkdtempSync(join(tmpdir(), "ranklayer-bundle-"));
  try {
    execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", dir, "--metafile", join(dir, "meta.json")], { stdio: "pipe", env: { ...process.env, CI: "true" } });
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
    const [, output] = Object.entries(meta.outputs).find(([name]) => name.endsWith("index.js"))!;
    const byPackage = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
    const code = readFileSync(join(dir, "index.js"));
    return { bytes: code.length, gzipBytes: gzipSync(code).length, byPackage: [...byPackage].sort((a, b) => b[1] - a[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface StartupFigures {
  /** Active (non-idle) CPU ms of the Worker's start-up, as `wrangler check startup` profiles it locally: the best of `runs`. */
  cpuMs: number;
  /** Every run's figure, in the order taken (the machine is shared: the best is the fairest reading). */
  runsMs: number[];
  /** Export-only packages whose code ran at start-up (frames named after them in the profile). */
  exportCodeAtStartup: string[];
}

/** Packages only the exports need: none of their code should run when the Worker starts. */
const EXPORT_ONLY = ["pdf-lib", "pako", "@pdf-lib/standard-fonts", "@pdf-lib/upng"];

function checkStartup(dir: string, run: string, extraArgs: string[]): { cpuMs: number; frames: string[] } {
  const outfile = join(dir, `${run}.cpuprofile`);
  const output = execFileSync(wrangler, ["check", "startup", "--outfile", outfile, ...extraArgs], { encoding: "utf8", stdio: "pipe", env: { ...process.env, CI: "true" } });
  const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
  if (!active) throw new Error(`wrangler check startup printed no "Active:" figure:\n${output}`);
  const profile = JSON.parse(readFileSync(outfile, "utf8")) as { nodes: { callFrame: { functionName: string } }[] };
  return { cpuMs: Number(active[1]), frames: profile.nodes.map((node) => node.callFrame.functionName) };
}

/**
 * The start-up CPU of the Worker as deployed (minified, wrangler.toml), best of `runs`; and which
 * export-only packages ran, read from one unminified run, whose lazy-module frames are named after
 * their file (the minified build names them nothing a package can be read from).
 */
export function workerStartup(runs = Number(process.env.BENCH_STARTUP_RUNS ?? 5)): StartupFigures {
  const dir = mkdtempSync(join(tmpdir(), "ranklayer-startup-"));
  try {
    const runsMs = Array.from({ length: Math.max(1, runs) }, (_, run) => checkStartup(dir, `run-${run}`, []).cpuMs);
    const { frames } = checkStartup(dir, "unminified", ["--args=--no-minify"]);
    const exportCodeAtStartup = EXPORT_ONLY.filter((name) => frames.some((frame) => frame.includes(`node_modules/${name}/`)));
    return { cpuMs: Math.min(...runsMs), runsMs, exportCodeAtStartup };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
