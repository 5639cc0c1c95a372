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

/** Active (non-idle) CPU ms of the Worker's start-up, as `wrangler check startup` profiles it locally. */
export function startupCpuMs(): number {
  const dir = mkdtempSync(join(tmpdir(), "ranklayer-startup-"));
  try {
    const output = execFileSync(wrangler, ["check", "startup", "--outfile", join(dir, "startup.cpuprofile")], { encoding: "utf8", stdio: "pipe", env: { ...process.env, CI: "true" } });
    const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
    if (!active) throw new Error(`wrangler check startup printed no "Active:" figure:\n${output}`);
    return Number(active[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
