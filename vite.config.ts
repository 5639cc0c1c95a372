import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rolldown } from "vite";

const outDir = fileURLToPath(new URL("./dist", import.meta.url));

/**
 * Prints the gzip size of the JavaScript a visitor of `/` downloads before the page works:
 * the entry chunk (which holds the home page) plus every chunk it imports statically;
 * lazy route chunks are excluded. Vite's report lists chunks one by one; this adds the one
 * number we budget for. Measured with Node's zlib, so it can differ from Vite's per-chunk
 * figure by about 1%.
 */
function firstLoadJsReport(): Plugin {
  return {
    name: "ranklayer:first-load-js",
    apply: "build",
    writeBundle: {
      order: "post",
      handler(_options, bundle) {
        const files = firstLoadChunks(bundle);
        const gzipBytes = files.reduce((sum, file) => sum + gzipSync(chunkCode(bundle, file)).byteLength, 0);
        console.log(`\nFirst-load JS for /: ${(gzipBytes / 1000).toFixed(2)} kB gzip (${files.join(", ")})\n`);
      },
    },
  };
}

function firstLoadChunks(bundle: Rolldown.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk" || seen.has(fileName)) return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const output of Object.values(bundle)) {
    if (output.type === "chunk" && output.isEntry) visit(output.fileName);
  }
  return [...seen];
}

function chunkCode(bundle: Rolldown.OutputBundle, fileName: string): string {
  const chunk = bundle[fileName];
  return chunk?.type === "chunk" ? chunk.code : "";
}

export default defineConfig({
  root: "web",
  plugins: [react(), firstLoadJsReport()],
  build: {
    outDir,
    emptyOutDir: true,
    // Vite's per-chunk report, with gzip sizes.
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8787",
    },
  },
});
