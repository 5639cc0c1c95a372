import type { ComponentProps, MouseEvent } from "react";
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from "react-router-dom";

// The app's links, in place of react-router's <Link> and <NavLink>. Theirs carry framework-mode
// machinery this declarative router never uses (route prefetching and discovery, view
// transitions, location masks), which shipped in the first-load JS since the header links to
// every page; with these, the build drops it (build/router-tree-shaking.ts, docs/performance.md).
// These do what the app needs: an <a> with the route's href whose plain click navigates in the
// page, while a modified click (a new tab, a download) is left to the browser.

export type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: To;
  /** Replace the current history entry (default: only when the link leads where the page already is). */
  replace?: boolean;
  state?: unknown;
};

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export type NavLinkProps = LinkProps & {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  className?: string;
};

/** A link that, while its page is shown, gets the `active` class and aria-current="page" (as react-router's NavLink). */
export function NavLink({ end = false, className = "", ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(rest.to).pathname.toLowerCase();
  const slash = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
  const active = current === path || (!end && current.startsWith(path) && current.charAt(slash) === "/");
  return <Link {...rest} className={active ? `${className} active`.trim() : className} aria-current={active ? "page" : undefined} />;
}
