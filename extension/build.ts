/**
 * `npm run build:extension`: builds the extension into extension/dist/ (load it unpacked in
 * Chromium) and writes extension/ranklayer-extension-chromium.zip (the Chrome Web Store upload)
 * and extension/ranklayer-extension-firefox.zip (the same files with Firefox's manifest).
 * EXTENSION_API_ORIGIN sets the API the extension calls (default https://ranklayer.com).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "vite";
import { iconPng } from "./icon.ts";
import { buildManifest, type TargetBrowser } from "./manifest.ts";
import { DEFAULT_API_ORIGIN, EXTENSION_DIR, EXTENSION_ENTRIES, extensionEntryConfig, type ExtensionEntry } from "./vite.config.ts";
import { zipFiles } from "./zip.ts";

export interface ExtensionBuild {
  outDir: string;
  zips: Record<TargetBrowser, string>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export async function buildExtension(options: { apiOrigin?: string; outDir?: string; zipDir?: string } = {}): Promise<ExtensionBuild> {
  const apiOrigin = new URL(options.apiOrigin ?? DEFAULT_API_ORIGIN).origin;
  const outDir = options.outDir ?? join(EXTENSION_DIR, "dist");
  const zipDir = options.zipDir ?? EXTENSION_DIR;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, "icons"), { recursive: true });

  for (const entry of Object.keys(EXTENSION_ENTRIES) as ExtensionEntry[]) {
    await build(extensionEntryConfig(entry, apiOrigin, outDir));
  }
  for (const file of ["options.html", "options.css"]) {
    writeFileSync(join(outDir, file), readFileSync(join(EXTENSION_DIR, "src", "options", file)));
  }
  for (const size of [16, 48, 128]) writeFileSync(join(outDir, "icons", `icon-${size}.png`), iconPng(size));
  writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(buildManifest(apiOrigin, "chromium"), null, 2)}\n`);

  const files = filesUnder(outDir)
    .map((path) => relative(outDir, path).split("\\").join("/"))
    .filter((name) => name !== "manifest.json")
    .sort();
  const zips = {} as Record<TargetBrowser, string>;
  for (const browser of ["chromium", "firefox"] as const) {
    const entries = [
      { name: "manifest.json", data: Buffer.from(`${JSON.stringify(buildManifest(apiOrigin, browser), null, 2)}\n`) },
      ...files.map((name) => ({ name, data: readFileSync(join(outDir, name)) })),
    ];
    zips[browser] = join(zipDir, `ranklayer-extension-${browser}.zip`);
    writeFileSync(zips[browser], zipFiles(entries));
  }
  return { outDir, zips };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await buildExtension({ apiOrigin: process.env.EXTENSION_API_ORIGIN });
  console.log(`extension built in ${relative(process.cwd(), result.outDir)}/ for ${new URL(process.env.EXTENSION_API_ORIGIN ?? DEFAULT_API_ORIGIN).origin}`);
  for (const zip of Object.values(result.zips)) console.log(`  ${relative(process.cwd(), zip)}`);
}
