/**
 * Amazon changes the address without loading a new page: the variant picker (size, colour) puts
 * the chosen variant's /dp/<ASIN> in place with history.replaceState and redraws the buy box. A
 * content script runs once per page load and cannot see the page's own history calls, so it
 * listens to the Navigation API's entry changes (Chromium) or, without it, looks every second.
 */
export interface AddressSource {
  location: { href: string };
  navigation?: EventTarget;
  setInterval(handler: () => void, ms: number): number;
}

export const ADDRESS_POLL_MS = 1000;

/** Calls `onChange` with each new address; the same address again (a redraw) is not a change. */
export function watchAddress(source: AddressSource, onChange: (href: string) => void): void {
  let last = source.location.href;
  const check = () => {
    const href = source.location.href;
    if (href === last) return;
    last = href;
    onChange(href);
  };
  if (source.navigation) source.navigation.addEventListener("currententrychange", check);
  else source.setInterval(check, ADDRESS_POLL_MS);
}
