type AnalyticsParams = Record<string, string | number | undefined>;

declare global {
  interface Window {
    /** Google's global site tag, present only when an analytics snippet was loaded. */
    gtag?: (command: "event", name: string, params?: AnalyticsParams) => void;
  }
}

/** Sends an analytics event when an analytics function is on the page; does nothing otherwise. */
export function trackEvent(name: string, params: AnalyticsParams): void {
  window.gtag?.("event", name, params);
}
