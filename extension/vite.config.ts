/**
 * Vite settings for the extension: each script is its own self-contained IIFE (content scripts
 * cannot be ES modules, and nothing may load code at run time), minified, with the API origin
 * compiled in. `npm run build:extension` (extension/build.ts) runs one build per script.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type InlineConfig } from "vite";

export const EXTENSION_DIR = fileURLToPath(new URL(".", import.meta.url));
export const DEFAULT_API_ORIGIN = "https://ranklayer.com";

/** The scripts the manifest and options page name, by output file. */
export const EXTENSION_ENTRIES = {
  content: "src/content.ts",
  background: "src/background.ts",
  options: "src/options/options.ts",
} as const;

export type ExtensionEntry = keyof typeof EXTENSION_ENTRIES;

export function extensionEntryConfig(entry: ExtensionEntry, apiOrigin: string, outDir: string): InlineConfig {
  return {
    configFile: false,
    root: EXTENSION_DIR,
    publicDir: false,
    logLevel: "warn",
    define: { __API_ORIGIN__: JSON.stringify(new URL(apiOrigin).origin) },
    build: {
      outDir,
      emptyOutDir: false,
      target: "es2022",
      minify: true,
      sourcemap: false,
      // No modulepreload polyfill or other injected loaders: the files are exactly the bundles.
      modulePreload: false,
      lib: { entry: EXTENSION_ENTRIES[entry], formats: ["iife"], name: `RankLayer_${entry}`, fileName: () => `${entry}.js` },
    },
  };
}

// `vite build --config extension/vite.config.ts` builds the content script alone; build.ts builds all.
export default defineConfig(extensionEntryConfig("content", process.env.EXTENSION_API_ORIGIN ?? DEFAULT_API_ORIGIN, `${EXTENSION_DIR}dist`));
