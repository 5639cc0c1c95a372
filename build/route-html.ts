import type { Plugin } from "vite";
import { robotsTxt, sitemapXml } from "./crawler-files.ts";
import { routePreloadTags } from "./route-preload.ts";
import {
  META_KEY_ATTRIBUTE,
  ROUTE_PATHS,
  headTags,
  matchRoutePath,
  routeMeta,
  type HeadTags,
  type MetaKey,
  type RoutePath,
} from "../web/src/app/route-meta.ts";

/** Where web/index.html takes each page's own head tags. */
const PLACEHOLDER = "<!--route-head-->";

/**
 * One HTML file per route with that route's title, description, canonical and social tags,
 * for crawlers and link previews that run no script: `dist/compare.html`,
 * `dist/contact/success.html` (the assets layer serves them at /compare and /contact/success),
 * and `dist/404.html`, which the Worker answers with status 404 for every unknown path and for /404
 * itself (worker/site/not-found.ts); and robots.txt and
 * sitemap.xml (crawler-files.ts). The dev server
 * fills the tags in per request the same way.
 */
export function routeHtml(siteUrl: string): Plugin {
  const pageHtml = (template: string, path: RoutePath | null): string => {
    if (!template.includes(PLACEHOLDER)) throw new Error(`web/index.html lost its ${PLACEHOLDER} marker`);
    return template.replace(PLACEHOLDER, headHtml(headTags(routeMeta(path), path, siteUrl)));
  };

  return {
    name: "ranklayer:route-html",
    transformIndexHtml(html, context) {
      // The build fills the marker per route in generateBundle, once Vite has added its script tags.
      if (context.server === undefined) return html;
      return pageHtml(html, matchRoutePath(new URL(context.originalUrl ?? context.path, "http://dev").pathname));
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") this.error("the build produced no index.html");
        const template = String(index.source);
        index.source = pageHtml(template, "/");
        const preloads = routePreloadTags(bundle, template);
        const withPreloads = (html: string, path: RoutePath) => html.replace("</head>", `  ${preloads.get(path) ?? ""}\n  </head>`);
        for (const path of ROUTE_PATHS) {
          if (path !== "/") this.emitFile({ type: "asset", fileName: htmlFileName(path), source: withPreloads(pageHtml(template, path), path) });
        }
        this.emitFile({ type: "asset", fileName: "404.html", source: pageHtml(template, null) });
        this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(siteUrl) });
        this.emitFile({ type: "asset", fileName: "sitemap.xml", source: sitemapXml(siteUrl) });
      },
    },
  };
}

/**
 * `/compare` → `compare.html`. Not `compare/index.html`: the assets layer would answer
 * /compare with a redirect to /compare/.
 */
function htmlFileName(path: RoutePath): string {
  return `${path.slice(1)}.html`;
}

function headHtml(tags: HeadTags): string {
  const lines = [`<title>${escapeHtml(tags.title)}</title>`];
  if (tags.canonical !== null) lines.push(`<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`);
  for (const [key, content] of Object.entries(tags.meta) as [MetaKey, string][]) {
    lines.push(`<meta ${META_KEY_ATTRIBUTE[key]}="${key}" content="${escapeHtml(content)}" />`);
  }
  return lines.join("\n    ");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
