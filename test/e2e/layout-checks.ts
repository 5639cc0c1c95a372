/**
 * What the layout check asks of a page as it is drawn now (one width, one theme): no sideways
 * scrolling, no screen-tall hole in <main>, no text clipped by its box, no ASIN broken over two
 * lines (a reader copies and compares them whole), every stylesheet its
 * classes need loaded, text contrast (axe), chart label contrast (the theme's --chart-*
 * colours on the card behind them), and a table that scrolls sideways keeping each row's first
 * cell in view. Each finding names the element.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

export interface Finding {
  check: "overflow" | "gap" | "clipped" | "split-asin" | "stylesheet" | "contrast" | "chart-contrast" | "table-scroll";
  element: string;
  detail: string;
}

/** Every class the built CSS styles (dist/assets/*.css): a class used on a page and styled here must be styled there too. */
export function builtCssClasses(distDir = join(process.cwd(), "dist", "assets")): string[] {
  const classes = new Set<string>();
  for (const file of readdirSync(distDir).filter((name) => name.endsWith(".css"))) {
    const css = readFileSync(join(distDir, file), "utf8").replace(/\{[^{}]*\}/g, "{}");
    for (const match of css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(match[1]!);
  }
  return [...classes];
}

/** The window the layout check draws a page in at `width`: a phone's at 390 px, a laptop's at 1280. */
export async function setLayoutWidth(page: Page, width: 390 | 1280): Promise<void> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

/** Every check, once two frames have drawn what the last change (a width, a theme) redrew. */
export async function drawnFindings(page: Page, styledClasses: readonly string[]): Promise<Finding[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return layoutFindings(page, styledClasses);
}

/**
 * drawnFindings of the page as it is now in each width × theme (390 and 1280 px, light and dark),
 * each said as "`state` @390px dark: check: element: detail". `inEachView` runs in each before the
 * check (a test's own look at it). With LAYOUT_SCREENSHOTS set, a full-page screenshot of each in
 * `screensDir` (`state`__390__dark.png). The page is left at 1280 px, dark.
 */
export async function everyViewFindings(
  page: Page,
  styledClasses: readonly string[],
  { state, screensDir, inEachView }: { state: string; screensDir: string; inEachView?: (width: 390 | 1280, dark: boolean) => Promise<void> },
): Promise<string[]> {
  const failures: string[] = [];
  for (const width of [390, 1280] as const) {
    for (const dark of [false, true]) {
      await setLayoutWidth(page, width);
      await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      await inEachView?.(width, dark);
      for (const finding of await drawnFindings(page, styledClasses)) {
        failures.push(`${state} @${width}px ${dark ? "dark" : "light"}: ${finding.check}: ${finding.element}: ${finding.detail}`);
      }
      if (process.env.LAYOUT_SCREENSHOTS) {
        mkdirSync(screensDir, { recursive: true });
        await page.screenshot({ path: join(screensDir, `${state}__${width}__${dark ? "dark" : "light"}.png`), fullPage: true });
      }
    }
  }
  return failures;
}

/** Runs every check on the page as drawn now; `styledClasses` from builtCssClasses(). */
export async function layoutFindings(page: Page, styledClasses: readonly string[]): Promise<Finding[]> {
  const dom = await page.evaluate(domFindings, styledClasses);
  const contrast = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const { violations } = await axe.run(document, { runOnly: ["color-contrast"], resultTypes: ["violations"] });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => ({ check: "contrast" as const, element: node.target.join(" "), detail: node.failureSummary?.split("\n").at(-1)?.trim() ?? violation.help })),
    );
  });
  return [...dom, ...contrast];
}

/** Runs in the page: kept self-contained (no closures over module code). */
function domFindings(styledClasses: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };

  function describe(element: Element): string {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
      const id = node.id ? `#${node.id}` : "";
      const classes = [...node.classList].slice(0, 2).map((name) => `.${name}`).join("");
      parts.unshift(`${node.tagName.toLowerCase()}${id}${classes}`);
    }
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${parts.join(" > ")}${text ? ` "${text}"` : ""}`;
  }

  function visible(element: Element): boolean {
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  function inScroller(element: Element): boolean {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden" || overflow === "clip") return true;
    }
    return false;
  }

  function hiddenOnPurpose(element: Element): boolean {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      if (node.classList.contains("visually-hidden") || node.getAttribute("aria-hidden") === "true") return true;
      const style = getComputedStyle(node);
      if (style.clipPath !== "none" && style.clipPath !== "") return true;
    }
    return false;
  }

  // 1. The page never scrolls sideways; name the widest element that sticks out.
  if (document.documentElement.scrollWidth > viewport.width + 1) {
    let widest: Element | null = null;
    let right = viewport.width;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 1 && visible(element) && !inScroller(element)) {
        right = box.right;
        widest = element;
      }
    }
    findings.push({ check: "overflow", element: widest ? describe(widest) : "html", detail: `page is ${document.documentElement.scrollWidth}px wide in a ${viewport.width}px viewport` });
  }

  const main = document.querySelector("main");
  if (main) {
    // 2. No blank stretch inside <main> taller than half the viewport between one drawn thing and the next.
    const boxes: { top: number; bottom: number; element: Element }[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.textContent?.trim() || !node.parentElement || !visible(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.height > 0) boxes.push({ top: box.top + scrollY, bottom: box.bottom + scrollY, element: node.parentElement });
      } else if (node instanceof Element && /^(IMG|SVG|CANVAS|INPUT|SELECT|TEXTAREA|BUTTON|HR|svg)$/.test(node.tagName) && visible(node)) {
        const box = node.getBoundingClientRect();
        boxes.push({ top: box.top + scrollY, bottom: box.bottom + scrollY, element: node });
      }
    }
    boxes.sort((a, b) => a.top - b.top);
    let reached = boxes[0]?.bottom ?? 0;
    let above: Element | null = boxes[0]?.element ?? null;
    for (const box of boxes.slice(1)) {
      if (box.top - reached > viewport.height / 2) {
        findings.push({ check: "gap", element: above ? describe(above) : "main", detail: `${Math.round(box.top - reached)}px blank below it, before ${describe(box.element)}` });
      }
      if (box.bottom > reached) {
        reached = box.bottom;
        above = box.element;
      }
    }

    // 3. No text cut off by a box that hides its overflow.
    for (const element of main.querySelectorAll("*")) {
      if (!visible(element) || hiddenOnPurpose(element)) continue;
      const hasText = [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim());
      if (!hasText) continue;
      const style = getComputedStyle(element);
      const clipsX = (style.overflowX === "hidden" || style.overflowX === "clip") && element.scrollWidth > element.clientWidth + 1;
      const clipsY = (style.overflowY === "hidden" || style.overflowY === "clip") && element.scrollHeight > element.clientHeight + 1;
      if (clipsX || clipsY) {
        findings.push({ check: "clipped", element: describe(element), detail: `text needs ${element.scrollWidth}×${element.scrollHeight}px, box shows ${element.clientWidth}×${element.clientHeight}px` });
      }
    }

    // 3b. No ASIN (ten capitals and digits, alone in its text) broken over two lines.
    const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!/^[A-Z0-9]{10}$/.test(node.textContent?.trim() ?? "") || !node.parentElement || !visible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) findings.push({ check: "split-asin", element: describe(node.parentElement), detail: `the ASIN is drawn over ${lines.size} lines` });
    }

    // 4. Every class on the page that some stylesheet of the app styles is styled by a stylesheet this visit loaded.
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) loaded.add(match[1]!);
        if ("cssRules" in rule && (rule as CSSGroupingRule).cssRules) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        collect(sheet.cssRules);
      } catch {
        // A cross-origin sheet: the app has none.
      }
    }
    const styled = new Set(styledClasses);
    const missing = new Map<string, Element>();
    for (const element of document.body.querySelectorAll("[class]")) {
      for (const name of element.classList) if (styled.has(name) && !loaded.has(name) && !missing.has(name)) missing.set(name, element);
    }
    for (const [name, element] of missing) findings.push({ check: "stylesheet", element: describe(element), detail: `.${name} is styled in the build, but not by any stylesheet this direct visit loaded` });
  }

  // 5. A table wider than its scroll box keeps what each row is (its first cell) in view when
  // scrolled to its far end: otherwise at 390 px the rank or price on screen belongs to no product.
  for (const table of main?.querySelectorAll("table") ?? []) {
    let scroller: HTMLElement | null = null;
    for (let node = table.parentElement; node && node !== main; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === "auto" || overflow === "scroll") {
        scroller = node;
        break;
      }
    }
    if (!scroller || !visible(table) || scroller.scrollWidth <= scroller.clientWidth + 1) continue;
    const row = [...table.rows].find((candidate) => candidate.parentElement?.tagName === "TBODY" && candidate.cells.length > 1 && candidate.cells[0]!.colSpan === 1);
    const first = row?.cells[0];
    if (!first) continue;
    const before = scroller.scrollLeft;
    scroller.scrollLeft = scroller.scrollWidth;
    const left = scroller.getBoundingClientRect().left + scroller.clientLeft;
    if (first.getBoundingClientRect().left < left - 1) {
      findings.push({ check: "table-scroll", element: describe(table), detail: `scrolled to its end (${scroller.scrollWidth}px in a ${scroller.clientWidth}px box), its first column (${describe(first)}) leaves the box` });
    }
    scroller.scrollLeft = before;
  }

  // 6. Chart labels: the theme's axis colour (and the legend's text) against the card they sit on.
  function rgb(colour: string): [number, number, number, number] | null {
    const probe = document.createElement("span");
    probe.style.color = colour;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    const parts = value.match(/[\d.]+/g)?.map(Number);
    if (!parts || parts.length < 3) return null;
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  }
  function luminance([r, g, b]: [number, number, number, number]): number {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  }
  function backgroundOf(element: Element): [number, number, number, number] | null {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = rgb(getComputedStyle(node).backgroundColor);
      if (colour && colour[3] > 0.5) return colour;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  }
  for (const chart of document.querySelectorAll(".time-chart")) {
    const style = getComputedStyle(chart);
    const background = backgroundOf(chart);
    const pairs: [string, string][] = [["--chart-axis", style.getPropertyValue("--chart-axis").trim()]];
    const legend = chart.querySelector(".u-legend");
    if (legend) pairs.push(["legend text", getComputedStyle(legend).color]);
    for (const [name, value] of pairs) {
      const foreground = value ? rgb(value) : null;
      if (!foreground || !background) {
        findings.push({ check: "chart-contrast", element: describe(chart), detail: `${name} is not set` });
        continue;
      }
      const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5) findings.push({ check: "chart-contrast", element: describe(chart), detail: `${name} ${value} on the card is ${ratio.toFixed(2)}:1, below 4.5:1` });
    }
  }
  return findings;
}

