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
  /** Active (non-idle) CPU ms of the Worker's start-up, as `wrangler check startup` profiles it locally. */
  cpuMs: number;
  /** Export-only packages whose code ran at start-up (frames named after them in the profile). */
  exportCodeAtStartup: string[];
}

/** Packages only the exports need: none of their code should run when the Worker starts. */
const EXPORT_ONLY = ["pdf-lib", "pako", "@pdf-lib/standard-fonts", "@pdf-lib/upng"];

export function workerStartup(): StartupFigures {
  const dir = mkdtempSync(join(tmpdir(), "ranklayer-startup-"));
  try {
    const output = execFileSync(wrangler, ["check", "startup", "--outfile", join(dir, "startup.cpuprofile")], { encoding: "utf8", stdio: "pipe", env: { ...process.env, CI: "true" } });
    const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
    if (!active) throw new Error(`wrangler check startup printed no "Active:" figure:\n${output}`);
    const profile = JSON.parse(readFileSync(join(dir, "startup.cpuprofile"), "utf8")) as { nodes: { callFrame: { functionName: string } }[] };
    const frames = profile.nodes.map((node) => node.callFrame.functionName);
    const exportCodeAtStartup = EXPORT_ONLY.filter((name) => frames.some((frame) => frame.includes(`node_modules/${name}/`)));
    return { cpuMs: Number(active[1]), exportCodeAtStartup };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
