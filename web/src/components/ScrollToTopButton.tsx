import type { ReactNode, RefObject } from "react";

/**
 * Scrolls back to the top of the page and focuses `focusTarget` there (the lookup form's
 * ASIN input), so keyboard and screen-reader users land where the eye does.
 */
export function ScrollToTopButton({
  focusTarget,
  children,
}: {
  focusTarget: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  function scrollToTop() {
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    // preventScroll: focusing must not cut the smooth scroll short with a jump of its own.
    focusTarget.current?.focus({ preventScroll: true });
  }

  return (
    <button type="button" className="button button--primary" onClick={scrollToTop}>
      {children}
    </button>
  );
}
