/**
 * Every relative link in README.md and docs/**\/*.md must reach a file or folder of the repo,
 * and every `#anchor` a heading (GitHub's slug) or an explicit id in the target Markdown file.
 * Checked on every `npm run typecheck` (plain Node, it only reads files); exits 1 with one line
 * per broken link. External links (https:, mailto:) are not fetched; root-absolute links
 * (`/api/…`) are refused because GitHub resolves them outside the repo: write app paths as code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..");

export interface MarkdownLink {
  line: number;
  target: string;
}

/** Lines outside fenced code blocks, with their 1-based numbers, inline code blanked out. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ line: index + 1, text: text.replace(/(`+)[^`]*?\1/g, "") });
  });
  return lines;
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text } of proseLines(markdown)) {
    for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line, target: match[1]! });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text);
    if (definition) links.push({ line, target: definition[1]! });
  }
  return links;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image shows its text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*]/g, "") // code and emphasis markers
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2, …) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const slug = slugOf(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of text.matchAll(/<a\s+[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

/** Why a link from `file` is broken, or null when it resolves. */
export function brokenReason(file: string, target: string, readMarkdown: (path: string) => string | null): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:, …
  if (target.startsWith("/")) return "root-absolute link: GitHub resolves it outside the repo; make it relative";
  const [pathPart = "", anchor] = target.split("#", 2) as [string, string | undefined];
  const path = pathPart === "" ? file : resolve(dirname(file), decodeURIComponent(pathPart));
  if (!path.startsWith(ROOT)) return "points outside the repo";
  if (!existsSync(path)) return `no file ${relative(ROOT, path)}`;
  if (anchor === undefined || anchor === "") return null;
  if (statSync(path).isDirectory() || !path.endsWith(".md")) return `#${anchor} on a file that is not Markdown`;
  const markdown = readMarkdown(path);
  if (markdown === null || !anchorsOf(markdown).has(decodeURIComponent(anchor).toLowerCase())) {
    return `no heading #${anchor} in ${relative(ROOT, path)}`;
  }
  return null;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** Headings and the anchors GitHub gives them: the slug rule is checked before it is relied on. */
const GITHUB_SLUGS: [heading: string, slug: string][] = [
  ["Re-shard (raising the shard count)", "re-shard-raising-the-shard-count"],
  ["`GET /api/v1/lookup`", "get-apiv1lookup"],
  ["02:30 alert check, deliveries", "0230-alert-check-deliveries"],
  ["Billing & Stripe", "billing--stripe"],
  ["The *rank_points* table", "the-rank_points-table"],
  ["Über [uns](https://example.com)", "über-uns"],
];

function main(): void {
  const wrongSlugs = GITHUB_SLUGS.filter(([heading, slug]) => slugOf(heading) !== slug);
  if (wrongSlugs.length > 0) {
    console.error(wrongSlugs.map(([heading, slug]) => `slugOf(${JSON.stringify(heading)}) is ${slugOf(heading)}, GitHub says ${slug}`).join("\n"));
    process.exit(1);
  }
  const files = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
  const cache = new Map<string, string | null>();
  const readMarkdown = (path: string) => {
    if (!cache.has(path)) cache.set(path, existsSync(path) ? readFileSync(path, "utf8") : null);
    return cache.get(path)!;
  };
  const problems: string[] = [];
  let count = 0;
  for (const file of files) {
    for (const { line, target } of linksOf(readMarkdown(file) ?? "")) {
      count += 1;
      const reason = brokenReason(file, target, readMarkdown);
      if (reason) problems.push(`${relative(ROOT, file)}:${line}: ${target}: ${reason}`);
    }
  }
  if (problems.length > 0) {
    console.error(`Broken documentation links (${problems.length}):\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`Documentation links: ${count} links in ${files.length} files resolve.`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) main();
