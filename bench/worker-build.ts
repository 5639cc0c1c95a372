/**
 * The Worker's build figures for `npm run bench`: the split build `npm run build:worker` makes
 * (build/worker-bundle.ts), what each large dependency costs in it and how much of it a cold
 * start loads, and the start-up CPU `wrangler check startup` measures of the build as deployed.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Metafile } from "esbuild";
import { unstable_readConfig } from "wrangler";
import { buildWorker, startupInputs, startupModules } from "../build/worker-bundle.ts";

const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");
const wranglerEnv = { ...process.env, CI: "true" };

/** Packages only the exports need: none of their code should load when the Worker starts. */
const EXPORT_ONLY = ["pdf-lib", "pako", "@pdf-lib/standard-fonts", "@pdf-lib/upng"];

function packageOf(input: string): string {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) return "(app code)";
  const parts = input.slice(at + "node_modules/".length).split("/");
  return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

export interface BundleFigures {
  bytes: number;
  gzipBytes: number;
  modules: number;
  /** Bytes of the modules loaded at start-up (the entry and its static imports). */
  startupBytes: number;
  /** Bytes in the build per npm package (app code under "(app code)"), largest first. */
  byPackage: [string, number][];
  /** Export-only packages in a module loaded at start-up (should be none). */
  exportCodeAtStartup: string[];
}

function bundleFigures(meta: Metafile): BundleFigures {
  const modules = Object.keys(meta.outputs).filter((name) => name.endsWith(".mjs"));
  const code = modules.map((name) => readFileSync(name));
  const atStartup = startupModules(meta);
  const byPackage = new Map<string, number>();
  for (const output of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
  }
  const startupPackages = new Set([...startupInputs(meta)].map(packageOf));
  return {
    bytes: code.reduce((sum, file) => sum + file.length, 0),
    gzipBytes: code.reduce((sum, file) => sum + gzipSync(file).length, 0),
    modules: modules.length,
    startupBytes: [...atStartup].reduce((sum, name) => sum + meta.outputs[name]!.bytes, 0),
    byPackage: [...byPackage].sort((a, b) => b[1] - a[1]),
    exportCodeAtStartup: EXPORT_ONLY.filter((name) => startupPackages.has(name)),
  };
}

export interface StartupFigures {
  /** Active (non-idle) CPU ms of the Worker's start-up, as `wrangler check startup` prints it: the best of `runs`. */
  cpuMs: number;
  /** Every run's figure, in the order taken. */
  runsMs: number[];
  /** The Worker's own start-up CPU: the active samples at the profiler's regular interval, the median of `runs`. */
  ownMs: number;
  ownRunsMs: number[];
  /** Each run's active time between irregular samples (see `checkStartup`). */
  gapRunsMs: number[];
  /** An empty Worker's figures, taken between the Worker's runs: its Active as wrangler prints it, and its own. */
  emptyRunsMs: number[];
  emptyOwnRunsMs: number[];
  /** Export-only packages whose modules ran at start-up (frames in their chunks, in the profile). */
  exportCodeAtStartup: string[];
}

/** A sample this far after the last is not the profiler's regular tick (about 1.1 ms) but a gap in its sampling. */
const GAP_US = 5_000;

interface StartupProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * `wrangler check startup` of an upload. Its "Active:" figure counts each sample's time since the
 * one before, and nearly every profile here has one gap of 18 to 24 ms between samples, counted
 * as active or idle by what the isolate was doing when it ended: an empty Worker reads 0 or 24 ms,
 * this one 21 or 41 ms. So the Worker's own CPU is its active samples at the regular interval;
 * the gaps are reported beside it.
 */
function checkStartup(upload: string, profilePath: string): { activeMs: number; ownMs: number; gapMs: number; urls: string[] } {
  const output = execFileSync(wrangler, ["check", "startup", "--worker", upload, "--outfile", profilePath], { encoding: "utf8", stdio: "pipe", env: wranglerEnv });
  const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
  if (!active) throw new Error(`wrangler check startup printed no "Active:" figure:\n${output}`);
  const profile = JSON.parse(readFileSync(profilePath, "utf8")) as StartupProfile;
  const functionOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let ownUs = 0;
  let gapUs = 0;
  profile.timeDeltas.forEach((delta, index) => {
    if (functionOf.get(profile.samples[index]!) === "(idle)") return;
    if (delta > GAP_US) gapUs += delta;
    else ownUs += delta;
  });
  const ms = (us: number) => Math.round(us / 100) / 10;
  return { activeMs: Number(active[1]), ownMs: ms(ownUs), gapMs: ms(gapUs), urls: profile.nodes.map((node) => node.callFrame.url) };
}

/** The baseline: a Worker of one line with the app's compatibility date. */
function emptyWorkerUpload(dir: string): string {
  const emptyDir = join(dir, "empty");
  const upload = join(dir, "empty.bundle");
  mkdirSync(emptyDir);
  writeFileSync(join(emptyDir, "index.mjs"), 'export default { fetch() { return new Response("ok"); } };\n');
  const { compatibility_date } = unstable_readConfig({ config: "wrangler.toml" });
  writeFileSync(join(emptyDir, "wrangler.toml"), `name = "empty"\nmain = "index.mjs"\ncompatibility_date = "${compatibility_date}"\n`);
  execFileSync(wrangler, ["deploy", "--dry-run", "--config", join(emptyDir, "wrangler.toml"), "--outfile", upload, join(emptyDir, "index.mjs"), "--no-bundle"], { stdio: "pipe", env: wranglerEnv });
  return upload;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The start-up CPU of the split, minified Worker in `dir` as deployed (`--no-bundle`), and of an empty Worker, `runs` each, taken in turn. */
function startupFigures(dir: string, meta: Metafile, runs: number): StartupFigures {
  const exportChunks = Object.entries(meta.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => EXPORT_ONLY.includes(packageOf(input))))
    .map(([name]) => name.slice(name.lastIndexOf("/") + 1));
  const upload = join(dir, "worker.bundle");
  execFileSync(wrangler, ["deploy", "--dry-run", "--config", "wrangler.toml", "--outfile", upload, join(dir, "worker", "index.mjs"), "--no-bundle"], { stdio: "pipe", env: wranglerEnv });
  const emptyUpload = emptyWorkerUpload(dir);
  const worker: ReturnType<typeof checkStartup>[] = [];
  const empty: ReturnType<typeof checkStartup>[] = [];
  for (let run = 0; run < Math.max(1, runs); run++) {
    worker.push(checkStartup(upload, join(dir, `run-${run}.cpuprofile`)));
    empty.push(checkStartup(emptyUpload, join(dir, `empty-${run}.cpuprofile`)));
  }
  const urls = new Set(worker.flatMap((result) => result.urls));
  const ranChunks = exportChunks.filter((chunk) => [...urls].some((url) => url.endsWith(chunk)));
  const runsMs = worker.map((result) => result.activeMs);
  const ownRunsMs = worker.map((result) => result.ownMs);
  return {
    cpuMs: Math.min(...runsMs),
    runsMs,
    ownMs: median(ownRunsMs),
    ownRunsMs,
    gapRunsMs: worker.map((result) => result.gapMs),
    emptyRunsMs: empty.map((result) => result.activeMs),
    emptyOwnRunsMs: empty.map((result) => result.ownMs),
    exportCodeAtStartup: ranChunks,
  };
}

/** One split, minified build of the Worker as deployed: its bundle figures and its start-up CPU. */
export async function workerFigures(runs = Number(process.env.BENCH_STARTUP_RUNS ?? 5)): Promise<{ bundle: BundleFigures; startup: StartupFigures }> {
  const dir = mkdtempSync(join(tmpdir(), "ranklayer-worker-"));
  try {
    const meta = (await buildWorker({ minify: true, outdir: join(dir, "worker") })).metafile!;
    return { bundle: bundleFigures(meta), startup: startupFigures(dir, meta, runs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
