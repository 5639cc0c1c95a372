import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** The build fails above this; kB as 1000 bytes, the unit Vite's own size report uses. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 100_000;

export interface FirstLoadJs {
  /** Asset paths, e.g. `assets/index-abc123.js`. */
  files: string[];
  gzipBytes: number;
}

/**
 * The JavaScript a visitor of `/` downloads before the page works: the scripts and module
 * preloads index.html names (the entry and its static imports; lazy route chunks are not
 * there). Gzip as Node's zlib does it, so it can differ from Vite's per-chunk figures by
 * about 1%. The build (against its bundle) and `npm run bench` (against dist/) both use it.
 */
export function firstLoadJs(indexHtml: string, readAsset: (path: string) => string | Uint8Array): FirstLoadJs {
  const files = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readAsset(file)).byteLength, 0);
  return { files, gzipBytes };
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

/**
 * Prints the first-load JS of `/` and fails the build above the budget. Also fails when a
 * page that routes.tsx loads lazily lands in that JS anyway (a static import somewhere
 * pulled it in), so every page but home stays its own chunk.
 */
export function firstLoadJsBudget(): Plugin {
  let report = "";
  return {
    name: "ranklayer:first-load-js",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") this.error("the build produced no index.html");
        const readAsset = (fileName: string): string => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk") this.error(`index.html names ${fileName}, which is not a chunk of this build`);
          return chunk.code;
        };
        const { files, gzipBytes } = firstLoadJs(String(index.source), readAsset);

        for (const file of files) {
          const chunk = bundle[file];
          for (const id of chunk?.type === "chunk" ? chunk.moduleIds : []) {
            if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) {
              this.error(`${id} is imported lazily but ships in the first-load JS of / (${file}): a static import pulls it in`);
            }
          }
        }

        const budget = formatKilobytes(FIRST_LOAD_JS_BUDGET_BYTES);
        report = `First-load JS for /: ${formatKilobytes(gzipBytes)} gzip (budget ${budget}; ${files.join(", ")})`;
        if (gzipBytes > FIRST_LOAD_JS_BUDGET_BYTES) {
          this.error(`first-load JS for / is ${formatKilobytes(gzipBytes)} gzip, over the ${budget} budget`);
        }
      },
    },
    // After Vite's per-chunk report, as the build's last line.
    closeBundle() {
      console.log(`\n${report}\n`);
    },
  };
}
