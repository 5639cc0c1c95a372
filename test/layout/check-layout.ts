/**
 * The layout rules, checked on every `npm run typecheck` (plain Node, no test runner: it
 * only reads files). The layers, top to bottom, each importing only those below it:
 *   index.ts, app.ts → routes/ → jobs/ and the domain folders → upstreams/, db/ → contract/
 * plus: no import cycles in worker/, web/ imports nothing of worker/ but worker/contract/,
 * and no file in worker/ longer than MAX_LINES. Exits 1 with one line per broken rule.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..");
const MAX_LINES = 300;
/** The one type-only import up out of contract/: the API's route types for the web app's `hc` client. */
const CONTRACT_EXCEPTION = "worker/contract/app-type.ts";

/** Type-only imports up a layer that are allowed: the request variables name the services' type. */
const TYPE_EXCEPTIONS = new Set(["worker/env.ts → worker/services.ts"]);

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

function layerOf(file: string): number {
  if (file in LAYER_OF_FILE) return LAYER_OF_FILE[file]!;
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

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string, known: Set<string>): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[3] ?? match[4]!;
    if (!spec.startsWith(".")) continue;
    const base = join(dirname(file), spec).replace(/\.tsx?$/, "");
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
    } else if (layerOf(target) > layerOf(file) && !(typeOnly && TYPE_EXCEPTIONS.has(`${file} → ${target}`))) {
      problems.push(`${file} imports ${target}, a higher layer`);
    }
  }
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n").length;
  if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES})`);
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
console.log(`layout ok: ${workerFiles.length} worker files, ${webFiles.length} web files, no cycles, no upward imports`);
