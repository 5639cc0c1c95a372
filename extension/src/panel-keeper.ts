import { panelAnchor } from "./page-reader";

/**
 * Puts the panel back when Amazon redraws the part of the page it sat in (the buy box column, as
 * its variant picker does): the answer stays, no new request is made. `panel` is the panel shown
 * for the current product, or null while there is none to keep.
 */
export function keepPanelInPage(doc: Document, panel: () => HTMLElement | null): MutationObserver {
  const observer = new MutationObserver(() => {
    const host = panel();
    if (!host || host.isConnected) return;
    const anchor = panelAnchor(doc);
    anchor?.element.insertAdjacentElement(anchor.position, host);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return observer;
}
