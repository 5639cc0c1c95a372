import { readFileSync } from "node:fs";
import type { Rollup } from "vite";

/**
 * Each route's own chunk, preloaded from its HTML file: a first visit straight to /results
 * (or any lazy page) fetches the page's JS and CSS while the entry script loads, instead of
 * only once the router has started (one round trip less before the page, and its LCP, can
 * show). The page of each path is read from web/src/app/routes.tsx, the one list of routes.
 */
const ROUTES_FILE = new URL("../web/src/app/routes.tsx", import.meta.url);

/** Route path ("/results") → the source module of its lazy page ("/pages/results/ResultsPage"). */
export function lazyPageModules(source = readFileSync(ROUTES_FILE, "utf8")): Map<string, string> {
  const moduleOf = new Map<string, string>();
  for (const [, component, spec] of source.matchAll(/const (\w+) = lazy\(async \(\) => \(\{ default: \(await import\("\.\.([^"]+)"\)\)/g)) {
    moduleOf.set(component!, spec!);
  }
  const pages = new Map<string, string>();
  // A <SignedInOr> route preloads its anonymous page: what crawlers and a first visit see.
  for (const [, path, component, anonymous] of source.matchAll(/<Route path="([^"*]+)" element=\{<(\w+)(?:[^\n]*?anonymous=\{<(\w+))?/g)) {
    const module = moduleOf.get(anonymous ?? component!);
    if (module) pages.set(`/${path}`, module);
  }
  return pages;
}

/** The <link> tags that preload each lazy route's chunk, its imports and its CSS; none for eager routes. */
export function routePreloadTags(bundle: Rollup.OutputBundle, alreadyLoaded: string): Map<string, string> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
  const tags = new Map<string, string>();
  for (const [path, module] of lazyPageModules()) {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.replace(/\.tsx?$/, "").endsWith(module));
    if (!chunk) continue;
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName) || alreadyLoaded.includes(fileName)) return;
      files.add(fileName);
      const imported = chunks.find((c) => c.fileName === fileName);
      for (const next of imported?.imports ?? []) visit(next);
    };
    visit(chunk.fileName);
    const css = [...files].flatMap((fileName) => [...(chunks.find((c) => c.fileName === fileName)?.viteMetadata?.importedCss ?? [])]);
    tags.set(
      path,
      [
        ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        // crossorigin like the <link rel="stylesheet" crossorigin> Vite inserts when the chunk loads:
        // a preload in another CORS mode does not match it, and the sheet is fetched a second time.
        ...css.filter((file) => !alreadyLoaded.includes(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ].join("\n    "),
    );
  }
  return tags;
}
