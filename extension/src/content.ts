/**
 * The content script on Amazon product and search pages. It never calls the API itself: it asks
 * the background, once per page view, and only once the tab is visible.
 */
import type { Marketplace } from "../../worker/contract/marketplaces";
import type { ActionAnswer, ExtensionRequest, ProductAnswer, RanksAnswer } from "./messages";
import { batchesOfTen, panelAnchor, readAmazonPage, sameProduct, searchResults, type AmazonPage } from "./page-reader";
import { watchAddress } from "./address-watch";
import { keepPanelInPage } from "./panel-keeper";
import { createPanelHost, PANEL_HOST_ID, renderPanel, type PanelActions } from "./panel/panel-view";
import { addBadge, badgeTitle, batchBadges, ranksOrUnanswered } from "./search-badges";
import { unansweredSentence } from "./panel/format";
import { whenVisible } from "./visibility";

function ask<T>(request: ExtensionRequest): Promise<T> {
  return chrome.runtime.sendMessage(request) as Promise<T>;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The product the panel is for: the page's address may move to another variant without a reload. */
let current: AmazonPage = null;
/** The panel shown for `current`, kept in the page if Amazon redraws around it. */
let shownPanel: HTMLElement | null = null;

async function showPanel(asin: string, marketplace: Marketplace): Promise<void> {
  if (document.getElementById(PANEL_HOST_ID)) return;
  const anchor = panelAnchor(document);
  if (!anchor) return;
  const { host, root } = createPanelHost();
  anchor.element.insertAdjacentElement(anchor.position, host);
  shownPanel = host;
  const actions: PanelActions = {
    track: () => ask<ActionAnswer>({ type: "track", asin, marketplace }),
    alert: (conditionType, threshold) => ask<ActionAnswer>({ type: "alert", asin, marketplace, conditionType, threshold }),
    openOptions: () => void ask({ type: "open-options" }),
  };
  renderPanel(root, { kind: "loading" }, actions, todayUtc());
  try {
    const answer = await ask<ProductAnswer>({ type: "product", asin, marketplace });
    renderPanel(root, { kind: "ready", answer }, actions, todayUtc());
  } catch (error) {
    renderPanel(root, { kind: "failed", status: 0, detail: unansweredSentence(error), retryAfterSeconds: null }, actions, todayUtc());
  }
}

async function showRanks(marketplace: Marketplace): Promise<void> {
  for (const batch of batchesOfTen(searchResults(document))) {
    const answer = await ranksOrUnanswered(ask<RanksAnswer>({ type: "ranks", asins: batch.map((result) => result.asin), marketplace }));
    const asins = batch.map((result) => result.asin);
    const { texts, stop } = batchBadges(answer, asins);
    texts.forEach((text, index) => {
      // A rank goes beside every slot of its ASIN; a refusal is said once, on the first.
      const slots = answer.ok ? batch[index]!.elements : batch[index]!.elements.slice(0, 1);
      const title = answer.ok ? badgeTitle(answer.items.find((item) => item.asin === asins[index])) : undefined;
      for (const slot of slots) addBadge(slot, text, title);
    });
    if (stop) return;
  }
}

/** The panel for `page`, once the tab is visible, if the address still names it then. */
function panelFor(page: Extract<AmazonPage, { kind: "product" }>): void {
  current = page;
  whenVisible(document, () => {
    if (current === page) void showPanel(page.asin, page.marketplace);
  });
}

const page = readAmazonPage(location.href);
if (page?.kind === "product") {
  panelFor(page);
  // Another variant chosen: the panel (and Track, Alert) must be for the ASIN now in the address.
  watchAddress(window, (href) => {
    const next = readAmazonPage(href);
    if (next?.kind !== "product" || sameProduct(current, next)) return;
    shownPanel = null;
    document.getElementById(PANEL_HOST_ID)?.remove();
    panelFor(next);
  });
  keepPanelInPage(document, () => shownPanel);
} else if (page?.kind === "search") whenVisible(document, () => void showRanks(page.marketplace));
