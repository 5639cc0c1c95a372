/**
 * The layout rules, checked on every `npm run typecheck` (plain Node, no test runner: it
 * only reads files). The layers, top to bottom, each importing only those below it:
 *   index.ts, app.ts → routes/ → jobs/ and the domain folders → upstreams/, db/ → contract/
 * plus: no import cycles in worker/, no two folders of worker/ importing each other, web/
 * imports nothing of worker/ but worker/contract/ (as @contract/…), only the composition root (services.ts)
 * and the Durable Object classes read `env` configuration, and no file in worker/ longer than
 * MAX_LINES. Exits 1 with one line per broken rule.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..");
const MAX_LINES = 300;
/** The one type-only import up out of contract/: the API's route types for the web app's `hc` client. */
const CONTRACT_EXCEPTION = "worker/contract/app-type.ts";

/**
 * The composition root: any module may name its `Services` type (type-only), since jobs and
 * domain functions receive services from it; only entry points import it to build them.
 */
const SERVICES = "worker/services.ts";
/** Where configuration is parsed from `env`: config.ts defines configOf, services.ts calls it. */
const CONFIG_READERS = new Set(["worker/config.ts", SERVICES]);

/** Folders of worker/ by layer; a module may import only from its own layer or lower ones. */
const LAYER_OF_FOLDER: Record<string, number> = {
  contract: 0,
  shared: 0,
  db: 1,
  upstreams: 1,
  jobs: 2,
  routes: 3,
};
/** Domain folders (auth, alerts, history, …) and top-level modules not listed here sit at layer 2. */
const LAYER_OF_FILE: Record<string, number> = {
  "worker/env.ts": 1,
  "worker/config.ts": 1,
  "worker/validation.ts": 1,
  // The composition root: builds services from the domain folders, for routes (3) and the cron entry.
  "worker/services.ts": 3,
  "worker/app.ts": 4,
  "worker/index.ts": 4,
};

/** Durable Object classes are entry points like index.ts: their alarms build services. */
const isDurableObjectClass = (file: string) => /\bextends DurableObject\b/.test(readFileSync(join(ROOT, file), "utf8"));

function layerOf(file: string): number {
  if (file in LAYER_OF_FILE) return LAYER_OF_FILE[file]!;
  if (file.startsWith("worker/") && isDurableObjectClass(file)) return 3;
  const folder = file.split("/")[1] ?? "";
  return LAYER_OF_FOLDER[folder] ?? 2;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

interface Import {
  target: string;
  typeOnly: boolean;
}

/** The web app's path alias of worker/contract/ (tsconfig.web.json, vite.config.ts). */
const CONTRACT_ALIAS = "@contract/";

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string, known: Set<string>): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[3] ?? match[4]!;
    if (!spec.startsWith(".") && !spec.startsWith(CONTRACT_ALIAS)) continue;
    if (file.startsWith("web/") && spec.startsWith(".") && join(dirname(file), spec).startsWith("worker/")) {
      problems.push(`${file} imports ${spec}: web/ imports the contract as ${CONTRACT_ALIAS}…`);
    }
    const base = (spec.startsWith(CONTRACT_ALIAS) ? join("worker/contract", spec.slice(CONTRACT_ALIAS.length)) : join(dirname(file), spec)).replace(/\.tsx?$/, "");
    const target = [".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((path) => known.has(path));
    if (target) found.push({ target, typeOnly: Boolean(match[2]) });
  }
  return found;
}

const workerFiles = sourceFiles("worker");
const webFiles = sourceFiles("web");
const known = new Set([...workerFiles, ...webFiles]);
const problems: string[] = [];
const graph = new Map<string, string[]>();

for (const file of workerFiles) {
  const imports = importsOf(file, known);
  graph.set(file, imports.filter((i) => !i.typeOnly).map((i) => i.target));
  for (const { target, typeOnly } of imports) {
    if (!target.startsWith("worker/")) {
      problems.push(`${file} imports ${target}, outside worker/`);
    } else if (file.startsWith("worker/contract/") && !target.startsWith("worker/contract/")) {
      if (!(file === CONTRACT_EXCEPTION && typeOnly)) problems.push(`${file} imports ${target}: contract/ imports only contract/`);
    } else if (layerOf(target) > layerOf(file) && !(typeOnly && (target === SERVICES || isDurableObjectClass(target)))) {
      problems.push(`${file} imports ${target}, a higher layer`);
    }
  }
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n").length;
  if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES})`);
}

// Configuration comes from services (config, sources), never from `env` directly: names of vars
// and secrets are those of env.ts' Secrets and OptionalConfig and of wrangler.toml's [vars].
const envTs = readFileSync(join(ROOT, "worker/env.ts"), "utf8");
const declared = [...envTs.matchAll(/^\s+([A-Z][A-Z0-9_]+)\?: string;/gm)].map((m) => m[1]!);
const wranglerVars = (readFileSync(join(ROOT, "wrangler.toml"), "utf8").split(/^\[vars\]$/m)[1] ?? "").split(/^\[/m)[0]!;
const varNames = [...new Set([...declared, ...[...wranglerVars.matchAll(/^([A-Z][A-Z0-9_]+)\s*=/gm)].map((m) => m[1]!)])];
const readsVar = new RegExp(`\\benv\\??\\.(?:${varNames.join("|")})\\b|\\bconfigOf\\(`);
for (const file of workerFiles) {
  if (CONFIG_READERS.has(file) || isDurableObjectClass(file)) continue;
  const code = readFileSync(join(ROOT, file), "utf8").replace(/^\s*(\*|\/\/).*$/gm, "");
  const found = code.match(readsVar);
  if (found) problems.push(`${file} reads env configuration (${found[0]}): take config or services from worker/services.ts`);
}

// Folders of worker/ (each directory, top-level files aside) that import each other, type-only imports included.
const folderOf = (file: string) => dirname(file).slice("worker/".length);
const folderEdges = new Set<string>();
for (const file of workerFiles) {
  if (dirname(file) === "worker") continue;
  for (const { target } of importsOf(file, known)) {
    if (target.startsWith("worker/") && dirname(target) !== "worker" && folderOf(target) !== folderOf(file)) folderEdges.add(`${folderOf(file)} → ${folderOf(target)}`);
  }
}
for (const edge of folderEdges) {
  const [from, to] = edge.split(" → ") as [string, string];
  const pair = [from, to].sort().join(" ⇄ ");
  if (from < to && folderEdges.has(`${to} → ${from}`)) problems.push(`folders import each other: ${pair}`);
}

for (const file of webFiles) {
  for (const { target } of importsOf(file, known)) {
    if (target.startsWith("worker/") && !target.startsWith("worker/contract/")) {
      problems.push(`${file} imports ${target}: web/ may import only worker/contract/`);
    }
  }
}

// Cycles among runtime imports (a type-only import runs nothing, so it cannot close a loop at load time).
const state = new Map<string, "open" | "done">();
function visit(file: string, path: string[]): void {
  if (state.get(file) === "done") return;
  if (state.get(file) === "open") {
    problems.push(`import cycle: ${[...path.slice(path.indexOf(file)), file].join(" → ")}`);
    return;
  }
  state.set(file, "open");
  for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
  state.set(file, "done");
}
for (const file of workerFiles) visit(file, []);

if (problems.length > 0) {
  console.error(`Layout rules broken (test/layout/check-layout.ts):\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`layout ok: ${workerFiles.length} worker files, ${webFiles.length} web files, no cycles, no upward imports, no folders importing each other, env configuration read only by services.ts and the Durable Objects`);
