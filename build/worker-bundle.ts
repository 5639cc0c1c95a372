/**
 * Builds the Worker as wrangler would, but split into ES modules (`npm run build:worker`):
 * code reached only through `await import()` (most route groups, the cron jobs, PDF exports,
 * Stripe, passkeys) lands in chunks that workerd loads on first use, so a cold start runs only
 * what a lookup needs. Wrangler's own bundler makes one file, and there every lazily imported
 * module becomes a lazy initialiser of the same file, which costs start-up more than it saves
 * (docs/adr/0012-split-worker-build.md).
 *
 * Deployed and served with `--no-bundle` (package.json `deploy` and `start`), which uploads
 * `dist-worker/index.mjs` and the `*.chunk.mjs` beside it (wrangler.toml `[[rules]]`); tests and
 * `npm run dev` use the source.
 */
import { build, transform, type BuildOptions, type Metafile, type Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { rmSync, writeFileSync } from "node:fs";

export const WORKER_OUT_DIR = "dist-worker";
export const WORKER_ENTRY = `${WORKER_OUT_DIR}/index.mjs`;
/** The esbuild metafile of the last `npm run build:worker` (which input each module holds), beside the modules rather than among them. */
export const WORKER_METAFILE = `${WORKER_OUT_DIR}.meta.json`;

/**
 * `.openapi()` is put on zod's prototype by a call in @hono/zod-openapi's module, with zod's whole
 * `z` namespace as its argument. Split into chunks, that call could run after a schema module
 * that uses `.openapi()` (esbuild links `z` straight to zod's chunk and keeps no side-effect order
 * across chunks), and the namespace passed as a value keeps all of zod in the start-up modules.
 * So the call moves to the end of zod's own schemas module, with only `ZodType`: it runs right
 * after `ZodType` exists, in the chunk every schema needs, and zod's unused parts tree-shake away.
 */
const ZOD_CLASSIC_SCHEMAS = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const HONO_ZOD_OPENAPI = /[\\/]node_modules[\\/]@hono[\\/]zod-openapi[\\/]dist[\\/]index\.mjs$/;
const zodOpenApiOnZodType: Plugin = {
  name: "zod-openapi-on-zod-type",
  setup(build) {
    build.onLoad({ filter: ZOD_CLASSIC_SCHEMAS }, async (args) => ({
      contents: [
        await readFile(args.path, "utf8"),
        'import { extendZodWithOpenApi as __extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";',
        "__extendZodWithOpenApi({ ZodType });",
      ].join("\n"),
      loader: "js",
    }));
    build.onLoad({ filter: HONO_ZOD_OPENAPI }, async (args) => {
      const code = await readFile(args.path, "utf8");
      const call = "\nextendZodWithOpenApi(z);\n";
      if (!code.includes(call)) throw new Error(`${args.path}: no "extendZodWithOpenApi(z);" to move (build/worker-bundle.ts)`);
      return { contents: code.replace(call, "\n"), loader: "js" };
    });
  },
};

/**
 * zod re-exports all its ~50 message locales (`z.locales`, `z.core.locales`): 260 KiB of the
 * start-up modules that workerd parses on every cold start. The Worker speaks English only, so
 * the locales index exports only English (what zod configures by default anyway).
 */
const englishZodOnly: Plugin = {
  name: "english-zod-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir) ? { path: "locales", namespace: "english-zod-only", pluginData: args.resolveDir } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "english-zod-only" }, (args) => ({
      resolveDir: args.pluginData as string,
      contents: 'export { default as en } from "../locales/en.js";',
    }));
  },
};

/**
 * Packages that read class names at run time: jose names its errors after their class, Stripe
 * types its errors so, asn1-schema (through @simplewebauthn and @peculiar/x509) compares
 * `constructor.name` with "Sequence" when it parses attestation certificates, and pdf-lib names
 * its objects in errors. Their modules keep their names (esbuild's keepNames, file by file);
 * the rest of the Worker does without: its thousands of `__name()` calls cost start-up 3 to 6 ms
 * in interleaved rounds, and neither zod, drizzle, hono nor the app reads a minified class name.
 */
const KEEP_NAMES = /[\\/]node_modules[\\/](jose|stripe|@peculiar[\\/][^\\/]+|@simplewebauthn[\\/][^\\/]+|asn1js|pdf-lib|@pdf-lib[\\/][^\\/]+)[\\/].*\.m?js$/;
const namesWhereRead: Plugin = {
  name: "names-where-read",
  setup(build) {
    build.onLoad({ filter: KEEP_NAMES }, async (args) => {
      const { code } = await transform(await readFile(args.path, "utf8"), { loader: "js", format: "esm", keepNames: true, sourcefile: args.path });
      return { contents: code, loader: "js" };
    });
  },
};

export interface WorkerBuild {
  minify?: boolean;
  outdir?: string;
}

/** Wrangler's esbuild options for a Worker (wrangler-dist `bundleWorker`), plus splitting. */
export function workerBuildOptions({ minify = true, outdir = WORKER_OUT_DIR }: WorkerBuild = {}): BuildOptions {
  return {
    entryPoints: { index: "worker/index.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    outExtension: { ".js": ".mjs" },
    // wrangler.toml uploads `**/*.chunk.mjs` beside the entry: a name nothing in node_modules has.
    chunkNames: "chunks/[name]-[hash].chunk",
    target: "es2024",
    supported: { "import-source": true, using: true },
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*"],
    define: {
      "process.env.NODE_ENV": '"production"',
      "global.process.env.NODE_ENV": '"production"',
      "globalThis.process.env.NODE_ENV": '"production"',
      "navigator.userAgent": '"Cloudflare-Workers"',
    },
    // Only where read (namesWhereRead).
    keepNames: false,
    minify,
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    plugins: [zodOpenApiOnZodType, englishZodOnly, namesWhereRead],
  };
}

/** The entry and every module it imports statically: what workerd loads and runs at start-up. */
export function startupModules(meta: Metafile): Set<string> {
  const outputs = meta.outputs;
  const entry = Object.keys(outputs).find((name) => name.endsWith("/index.mjs"))!;
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const output = stack.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of outputs[output]!.imports) if (imported.kind === "import-statement" && outputs[imported.path]) stack.push(imported.path);
  }
  return seen;
}

/** The source files (app modules and packages' files) whose code is in the modules loaded at start-up. */
export function startupInputs(meta: Metafile): Set<string> {
  const inputs = new Set<string>();
  for (const output of startupModules(meta)) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[output]!.inputs)) if (bytesInOutput > 0) inputs.add(input);
  }
  return inputs;
}

export async function buildWorker(options: WorkerBuild = {}) {
  rmSync(options.outdir ?? WORKER_OUT_DIR, { recursive: true, force: true });
  return build(workerBuildOptions(options));
}

if (import.meta.main) {
  const result = await buildWorker({ minify: !process.argv.includes("--no-minify") });
  writeFileSync(WORKER_METAFILE, JSON.stringify(result.metafile));
  const outputs = Object.entries(result.metafile!.outputs).filter(([name]) => name.endsWith(".mjs"));
  console.log(`worker: ${outputs.length} modules in ${WORKER_OUT_DIR}/`);
}
