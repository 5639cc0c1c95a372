import { useEffect } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router-dom";

/**
 * New pages start at the top. Back/forward (POP) is left alone, so the browser can restore
 * the previous position; so is the first load, which is a POP too.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    // Runs per new pathname only; navigationType is the one that led to it.
  }, [pathname]);

  return null;
}
