import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { AppLayout } from "../../web/src/app/AppLayout";
import {
  NOT_FOUND_META,
  ROUTE_META,
  ROUTE_PATHS,
  headTags,
  matchRoutePath,
  routeMeta,
} from "../../web/src/app/route-meta";
import routesSource from "../../web/src/app/routes.tsx?raw";
import { expectedHeadTags, readHeadTags } from "../support/head-tags";
import { renderApp } from "./helpers";

const SITE = import.meta.env.SITE_URL;

/** The paths routes.tsx declares: the index route and each child of the layout route, not its "*" catch-all. */
function declaredRoutePaths(source: string): string[] {
  return [...source.matchAll(/<Route\s+(index|path="([^"]*)")/g)]
    .map((match) => (match[1] === "index" ? "/" : `/${match[2]}`))
    .filter((path) => path !== "//" && path !== "/*");
}

const head = () => readHeadTags(document);

/** Waits until the lazy page has loaded (the Suspense fallback is gone). */
async function pageLoaded() {
  await waitFor(() => expect(document.querySelector("main [aria-busy='true']")).toBeNull());
}

describe("the route list", () => {
  it("has meta for every route in routes.tsx, and no meta for a route routes.tsx lacks", () => {
    const declared = declaredRoutePaths(routesSource);
    expect(declared.length).toBeGreaterThan(20);
    expect([...ROUTE_PATHS].sort()).toEqual([...declared].sort());
  });

  it("gives every page its own title, and a description of 50 to 160 characters", () => {
    const all = [...ROUTE_PATHS.map((path) => ROUTE_META[path]), NOT_FOUND_META];
    expect(new Set(all.map((meta) => meta.title)).size).toBe(all.length);
    for (const { description } of all) expect(description.length, description).toBeGreaterThanOrEqual(50);
    for (const { description } of all) expect(description.length, description).toBeLessThanOrEqual(160);
  });

  it("keeps signed-in screens, per-query results, the thank-you page and the 404 page out of search results", () => {
    const noindex = ROUTE_PATHS.filter((path) => routeMeta(path).noindex);
    expect(noindex.sort()).toEqual(["/alerts", "/billing", "/contact/success", "/extension/connect", "/invite", "/notifications", "/onboarding", "/portfolio", "/results", "/seller-central", "/settings", "/team", "/team/audit"]);
    expect(NOT_FOUND_META.noindex).toBe(true);
  });

  it("never claims unlimited free lookups", () => {
    for (const path of ROUTE_PATHS) expect(ROUTE_META[path].description).not.toMatch(/unlimited/i);
  });
});

describe("matchRoutePath", () => {
  it.each([
    ["/", "/"],
    ["/compare", "/compare"],
    ["/compare/", "/compare"],
    ["/Contact/Success", "/contact/success"],
    ["/resources/ranklayer-vs-keepa", "/resources/ranklayer-vs-keepa"],
    ["/nope", null],
    ["/resources/nope", null],
    ["/compare/extra", null],
  ])("matches %s to %s, as React Router does", (pathname, expected) => {
    expect(matchRoutePath(pathname)).toBe(expected);
  });
});

describe("headTags", () => {
  it("gives a route an absolute canonical and og:url, its own title and description, and a large social card", () => {
    const tags = headTags(ROUTE_META["/pricing"], "/pricing", "https://example.test");
    expect(tags.title).toBe("Pricing | RankLayer");
    expect(tags.canonical).toBe("https://example.test/pricing");
    expect(tags.meta).toMatchObject({
      description: ROUTE_META["/pricing"].description,
      robots: "index, follow",
      "og:title": "Pricing | RankLayer",
      "og:description": ROUTE_META["/pricing"].description,
      "og:url": "https://example.test/pricing",
      "og:image": "https://example.test/og-image.png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "twitter:card": "summary_large_image",
    });
  });

  it("gives the 404 page noindex and no canonical or og:url, since it has no URL of its own", () => {
    const tags = headTags(NOT_FOUND_META, null, "https://example.test");
    expect(tags.title).toBe("Page not found | RankLayer");
    expect(tags.canonical).toBeNull();
    expect(tags.meta["og:url"]).toBeUndefined();
    expect(tags.meta.robots).toBe("noindex, follow");
  });
});

describe("the SPA's head tags", () => {
  it("is built for an absolute origin", () => {
    expect(SITE).toMatch(/^https?:\/\/[^/]+$/);
  });

  // /results needs an asin (else it sends the visitor home) and names it in its title: see the next test.
  it.each(ROUTE_PATHS.filter((path) => path !== "/results"))("applies %s's title, description, canonical and social tags, and shows its page", async (path) => {
    renderApp(path);

    const meta = routeMeta(path);
    await waitFor(() => expect(document.title).toBe(`${meta.title} | RankLayer`));
    expect(head()).toEqual(expectedHeadTags(path, meta, SITE));
    await pageLoaded();
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });

  it("lets /results name the ASIN in its title, keeping the route's canonical and noindex", async () => {
    renderApp("/results?asin=B08N5WRWNW&marketplace=US");

    await waitFor(() => expect(document.title).toBe("B08N5WRWNW – Product Details | RankLayer"));
    expect(head()).toMatchObject({
      canonical: `${SITE}/results`,
      ogUrl: `${SITE}/results`,
      robots: "noindex, follow",
      ogTitle: "B08N5WRWNW – Product Details | RankLayer",
    });
    expect(head().description).toContain("B08N5WRWNW");
  });

  it("updates every tag on client-side navigation, and drops canonical and og:url on the 404 page", async () => {
    const { router } = renderApp("/");
    await waitFor(() => expect(document.title).toBe("Amazon Best Sellers Rank Lookup | RankLayer"));

    await router.navigate("/about");
    await waitFor(() => expect(document.title).toBe("About Us | RankLayer"));
    expect(head()).toMatchObject({ canonical: `${SITE}/about`, ogUrl: `${SITE}/about`, description: ROUTE_META["/about"].description });

    await router.navigate("/missing");
    await waitFor(() => expect(document.title).toBe("Page not found | RankLayer"));
    expect(head()).toMatchObject({
      canonical: null,
      ogUrl: null,
      robots: "noindex, follow",
      description: NOT_FOUND_META.description,
      ogTitle: "Page not found | RankLayer",
    });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();

    await router.navigate("/contact/");
    await waitFor(() => expect(document.title).toBe("Contact Us | RankLayer"));
    expect(head()).toMatchObject({ canonical: `${SITE}/contact`, robots: "index, follow" });
  });

  it("titles the error screen 'Error' and keeps it out of search results", async () => {
    function Broken(): never {
      throw new Error("Kaboom in render");
    }
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the thrown error
    render(
      <MemoryRouter initialEntries={["/pricing"]}>
        <Routes>
          <Route path="/" element={<AppLayout />}>
            <Route path="pricing" element={<Broken />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );

    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    await waitFor(() => expect(document.title).toBe("Error | RankLayer"));
    expect(head()).toMatchObject({ robots: "noindex, follow", canonical: `${SITE}/pricing` });
  });
});
