import { useEffect } from "react";
import { useLocation } from "react-router-dom";

const SITE_NAME = "RankLayer";

interface PageMeta {
  title: string;
  description: string;
  /** Keeps the page out of search results (e.g. the 404 page). */
  noindex?: boolean;
}

/** Sets the document title, description, canonical URL and social tags for the current page. */
export function usePageMeta({ title, description, noindex = false }: PageMeta): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const fullTitle = `${title} | ${SITE_NAME}`;
    document.title = fullTitle;
    setHeadTag("meta", "name", "description", "content", description);
    setHeadTag("meta", "property", "og:title", "content", fullTitle);
    setHeadTag("meta", "property", "og:description", "content", description);
    setHeadTag("meta", "property", "og:url", "content", canonicalUrl(pathname));
    setHeadTag("link", "rel", "canonical", "href", canonicalUrl(pathname));
    if (noindex) setHeadTag("meta", "name", "robots", "content", "noindex");
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, noindex, pathname]);
}

/** The page's URL without query or hash, so /results?asin=… variants share one canonical. */
function canonicalUrl(pathname: string): string {
  return new URL(pathname, window.location.origin).href;
}

/** Updates the head element identified by `key="id"`, creating it when index.html lacks it. */
function setHeadTag(tag: "meta" | "link", key: string, id: string, valueAttribute: string, value: string): void {
  let element = document.head.querySelector(`${tag}[${key}="${id}"]`);
  if (element === null) {
    element = document.createElement(tag);
    element.setAttribute(key, id);
    document.head.append(element);
  }
  element.setAttribute(valueAttribute, value);
}
