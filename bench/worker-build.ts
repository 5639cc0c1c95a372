/**
 * The Worker's build figures for `npm run bench`: the split build `npm run build:worker` makes
 * (build/worker-bundle.ts), what each large dependency costs in it and how much of it a cold
 * start loads, and the start-up CPU `wrangler check startup` measures of the build as deployed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Metafile } from "esbuild";
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
  /** Active (non-idle) CPU ms of the Worker's start-up, as `wrangler check startup` profiles it locally: the best of `runs`. */
  cpuMs: number;
  /** Every run's figure, in the order taken (the machine is shared: the best is the fairest reading). */
  runsMs: number[];
  /** Export-only packages whose modules ran at start-up (frames in their chunks, in the profile). */
  exportCodeAtStartup: string[];
}

/** The start-up CPU of the split, minified Worker in `dir` as deployed (`--no-bundle`), best of `runs`. */
function startupFigures(dir: string, meta: Metafile, runs: number): StartupFigures {
  const exportChunks = Object.entries(meta.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => EXPORT_ONLY.includes(packageOf(input))))
    .map(([name]) => name.slice(name.lastIndexOf("/") + 1));
  const upload = join(dir, "worker.bundle");
  execFileSync(wrangler, ["deploy", "--dry-run", "--config", "wrangler.toml", "--outfile", upload, join(dir, "worker", "index.mjs"), "--no-bundle"], { stdio: "pipe", env: wranglerEnv });
  const urls = new Set<string>();
  const runsMs = Array.from({ length: Math.max(1, runs) }, (_, run) => {
    const profile = join(dir, `run-${run}.cpuprofile`);
    const output = execFileSync(wrangler, ["check", "startup", "--worker", upload, "--outfile", profile], { encoding: "utf8", stdio: "pipe", env: wranglerEnv });
    const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
    if (!active) throw new Error(`wrangler check startup printed no "Active:" figure:\n${output}`);
    const { nodes } = JSON.parse(readFileSync(profile, "utf8")) as { nodes: { callFrame: { url: string } }[] };
    for (const node of nodes) urls.add(node.callFrame.url);
    return Number(active[1]);
  });
  const ranChunks = exportChunks.filter((chunk) => [...urls].some((url) => url.endsWith(chunk)));
  return { cpuMs: Math.min(...runsMs), runsMs, exportCodeAtStartup: ranChunks };
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
