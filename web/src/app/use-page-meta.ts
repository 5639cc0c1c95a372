import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";
import { META_KEY_ATTRIBUTE, headTags, matchRoutePath, routeMeta, type HeadTags, type MetaKey, type PageMeta } from "./route-meta";

/**
 * Applies the current route's head tags (route-meta.ts) on every navigation. Used once, by
 * the layout. A layout effect, so it runs before any page's usePageMeta effect in the same
 * commit and a page's own title is never overwritten by its route's.
 */
export function useRouteMeta(): void {
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const path = matchRoutePath(pathname);
    applyHeadTags(headTags(routeMeta(path), path, import.meta.env.SITE_URL));
  }, [pathname]);
}

/**
 * Sets a title and description only the page knows, e.g. the ASIN a result shows or an error
 * screen. Static pages need not call it: their route's meta applies. Without `noindex`, the
 * route's rule stays.
 */
export function usePageMeta({ title, description, noindex }: PageMeta): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const path = matchRoutePath(pathname);
    const meta = { title, description, noindex: noindex ?? routeMeta(path).noindex };
    applyHeadTags(headTags(meta, path, import.meta.env.SITE_URL));
  }, [pathname, title, description, noindex]);
}

/** Makes the head match `tags`: sets each tag, creating it when missing, and removes those it lacks. */
function applyHeadTags(tags: HeadTags): void {
  document.title = tags.title;
  setOrRemove('link[rel="canonical"]', () => createElement("link", "rel", "canonical"), "href", tags.canonical);
  for (const key of Object.keys(META_KEY_ATTRIBUTE) as MetaKey[]) {
    const attribute = META_KEY_ATTRIBUTE[key];
    setOrRemove(`meta[${attribute}="${key}"]`, () => createElement("meta", attribute, key), "content", tags.meta[key] ?? null);
  }
}

function setOrRemove(selector: string, create: () => Element, valueAttribute: string, value: string | null): void {
  const existing = document.head.querySelector(selector);
  if (value === null) {
    existing?.remove();
    return;
  }
  const element = existing ?? document.head.appendChild(create());
  element.setAttribute(valueAttribute, value);
}

function createElement(tag: "link" | "meta", attribute: string, value: string): Element {
  const element = document.createElement(tag);
  element.setAttribute(attribute, value);
  return element;
}
