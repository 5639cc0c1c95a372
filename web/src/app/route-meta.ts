/**
 * Every route's title, description and indexing rule: the one list the SPA applies on each
 * navigation (use-page-meta.ts) and the build writes into each route's HTML file
 * (build/route-html.ts), so crawlers and link previews, which run no script, see the same tags.
 * Pure data and functions: no DOM, no Vite, so Node (the build, the tests) can import it.
 */

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  /** 50–160 characters: what a search result or link preview shows under the title. */
  description: string;
  /** Keeps the page out of search results: signed-in screens, per-query results, thank-you and 404 pages. */
  noindex?: boolean;
}

export const SITE_NAME = "RankLayer";

/** Same picture for every page; a real 1200×630 PNG in web/public. */
export const OG_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "RankLayer: the Amazon rank intelligence layer",
} as const;

/** One entry per route in routes.tsx (test/web/route-meta.test.tsx holds them to each other). */
export const ROUTE_META = {
  "/": {
    title: "Amazon Best Sellers Rank Lookup",
    description:
      "Check any Amazon product's Best Sellers Rank, price, offers, rating and reviews for free. No sign-up needed.",
  },
  "/results": {
    title: "ASIN Lookup Result",
    description: "Best Sellers Rank, price, offers, rating and reviews for one Amazon product, looked up by ASIN.",
    noindex: true,
  },
  "/compare": {
    title: "Compare Amazon Products by ASIN",
    description:
      "Compare Amazon products side by side on Best Sellers Rank, price and reviews, free, or with rank history and Buy Box share on Pro.",
  },
  "/about": {
    title: "About Us",
    description:
      "Why we built RankLayer: a free Amazon rank lookup first, then a Pro tier that reads a connected seller account, read-only.",
  },
  "/contact": {
    title: "Contact Us",
    description:
      "Partnership, agency and support inquiries: send the RankLayer team a message and we answer within one business day.",
  },
  "/contact/success": {
    title: "Message Sent",
    description: "Thanks for getting in touch with RankLayer. We answer within one business day.",
    noindex: true,
  },
  "/pricing": {
    title: "Pricing",
    description:
      "RankLayer's Free, Pro, Agency and Enterprise plans: free ASIN lookups, or connected seller accounts with dashboards, alerts, exports and an API key.",
  },
  "/resources": {
    title: "Resources and Guides",
    description:
      "Guides for Amazon sellers, and factual comparisons of RankLayer with Keepa, Jungle Scout and Helium 10.",
  },
  "/resources/ranklayer-vs-keepa": {
    title: "RankLayer vs Keepa",
    description:
      "How RankLayer and Keepa compare for Amazon sellers: data source, rank history, Buy Box tracking and who each tool suits.",
  },
  "/resources/ranklayer-vs-jungle-scout": {
    title: "RankLayer vs Jungle Scout",
    description:
      "How RankLayer and Jungle Scout compare for Amazon sellers: data source, rank history, Buy Box tracking and who each tool suits.",
  },
  "/resources/ranklayer-vs-helium-10": {
    title: "RankLayer vs Helium 10",
    description:
      "How RankLayer and Helium 10 compare for Amazon sellers: data source, rank history, Buy Box tracking and who each tool suits.",
  },
  "/extension": {
    title: "Browser Extension for Amazon",
    description:
      "RankLayer's browser extension shows Best Sellers Rank, rank history and one-click tracking on Amazon's own product pages.",
  },
  "/extension/connect": {
    title: "Connect the Browser Extension",
    description: "Give the RankLayer browser extension an API key of its own, named Browser extension, in one click.",
    noindex: true,
  },
  "/status": {
    title: "System Status",
    description: "Live status of RankLayer's API, cache, database and Amazon data connections, checked as you load the page.",
  },
  "/privacy": {
    title: "Privacy Policy",
    description:
      "What RankLayer stores and for how long: lookup logs and rate-limit data for up to 30 days, seller tokens encrypted at rest.",
  },
  "/terms": {
    title: "Terms of Service",
    description: "The terms for using RankLayer's free ASIN lookup and paid plans, including our Amazon Associates disclosure.",
  },
  "/connect": {
    title: "Connect Seller Central",
    description:
      "Connect your Amazon seller account read-only over OAuth to unlock RankLayer Pro. RankLayer never changes a listing.",
  },
  "/signin": {
    title: "Sign In",
    description:
      "Sign in to RankLayer with an emailed link or code, or a passkey. No password; the first sign-in makes a free account.",
  },
  "/onboarding": {
    title: "Set Up Your Account",
    description: "Choose your default Amazon marketplace and brand name to finish setting up RankLayer.",
    noindex: true,
  },
  "/dashboard": {
    title: "Operator Dashboard",
    description:
      "Rank tracking, portfolio overview, alerts and reports for Amazon operators: start with free lookups, go further with Pro.",
  },
  "/portfolio": {
    title: "Portfolio",
    description: "Your Amazon portfolio by brand and category: ranks, rank velocity and revenue from your own snapshots and Amazon's Sales API.",
    noindex: true,
  },
  "/seller-central": {
    title: "Seller Central",
    description: "Your connected Amazon seller account in RankLayer: catalog items and sales ranks from the Selling Partner API.",
    noindex: true,
  },
  "/rank-trends": {
    title: "Amazon Rank Trends",
    description:
      "Follow Best Sellers Rank over time: free 7-day snapshots of cached ranks, or continuous rank velocity tracking with Pro.",
  },
  "/reports": {
    title: "Reports and Exports",
    description:
      "Free and Pro reports for Amazon sellers: rank, price and Buy Box data as CSV and PDF exports, scheduled daily or weekly.",
  },
  "/alerts": {
    title: "Alerts",
    description:
      "Your RankLayer alerts: rank, rank drop, price, low stock and Buy Box conditions checked nightly, and the ASINs you track.",
    noindex: true,
  },
  "/notifications": {
    title: "Notifications",
    description: "Your RankLayer notifications: every alert that fired in the nightly check, newest first, to read and clear.",
    noindex: true,
  },
  "/settings": {
    title: "Settings",
    description: "Your RankLayer account settings: default marketplace, brand name and seller connection.",
    noindex: true,
  },
  "/docs/api": {
    title: "API Documentation",
    description:
      "The RankLayer API: ASIN lookups, rank history, watchlist, alerts and notifications as JSON, with keys, rate limits and examples.",
  },
  "/billing": {
    title: "Billing",
    description: "Your RankLayer plan and subscription: upgrade to Pro or Agency, manage your card and invoices, or contact sales for Enterprise.",
    noindex: true,
  },
  "/team": {
    title: "Team",
    description: "Your RankLayer workspace's members and roles: invite people by email, change roles, remove members or leave.",
    noindex: true,
  },
  "/team/audit": {
    title: "Audit Log",
    description: "Who did what in your RankLayer workspace: invitations, roles, API keys, connections and billing, kept for one year.",
    noindex: true,
  },
  "/invite": {
    title: "Workspace Invitation",
    description: "Join a RankLayer workspace you were invited to: sign in with the invited email address, then accept the invitation.",
    noindex: true,
  },
} as const satisfies Record<string, PageMeta>;

export type RoutePath = keyof typeof ROUTE_META;

export const ROUTE_PATHS = Object.keys(ROUTE_META) as RoutePath[];

/** Any path not in ROUTE_META: the 404 page, in the SPA and as dist/404.html. */
export const NOT_FOUND_META: PageMeta = {
  title: "Page not found",
  description: "The page you were looking for does not exist. Go back to RankLayer's home page to look up an ASIN.",
  noindex: true,
};

/**
 * The route a pathname shows, matched as React Router matches it (a trailing slash and
 * letter case do not matter), or null for the 404 page.
 */
export function matchRoutePath(pathname: string): RoutePath | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  return ROUTE_PATHS.find((path) => path === normalized) ?? null;
}

export function routeMeta(path: RoutePath | null): PageMeta {
  return path === null ? NOT_FOUND_META : ROUTE_META[path];
}

/** `<meta>` tags a page's head carries, by key, and whether the key is a `name` or a `property`. */
export const META_KEY_ATTRIBUTE = {
  description: "name",
  robots: "name",
  "og:title": "property",
  "og:description": "property",
  "og:url": "property",
  "og:image": "property",
  "og:image:width": "property",
  "og:image:height": "property",
  "og:image:alt": "property",
  "twitter:card": "name",
} as const;

export type MetaKey = keyof typeof META_KEY_ATTRIBUTE;

export interface HeadTags {
  title: string;
  /** Absent on the 404 page, which has no URL of its own. */
  canonical: string | null;
  meta: Partial<Record<MetaKey, string>>;
}

/**
 * The head tags for a page. `path` is the route (null for the 404 page), `siteUrl` the
 * absolute origin canonical and og:url point to (SITE_URL at build time).
 */
export function headTags(meta: PageMeta, path: RoutePath | null, siteUrl: string): HeadTags {
  const title = `${meta.title} | ${SITE_NAME}`;
  const canonical = path === null ? null : `${siteUrl}${path}`;
  return {
    title,
    canonical,
    meta: {
      description: meta.description,
      // "follow" either way: links on a noindex page still lead somewhere worth crawling.
      robots: meta.noindex ? "noindex, follow" : "index, follow",
      "og:title": title,
      "og:description": meta.description,
      ...(canonical === null ? {} : { "og:url": canonical }),
      "og:image": `${siteUrl}${OG_IMAGE.path}`,
      "og:image:width": String(OG_IMAGE.width),
      "og:image:height": String(OG_IMAGE.height),
      "og:image:alt": OG_IMAGE.alt,
      "twitter:card": "summary_large_image",
    },
  };
}
