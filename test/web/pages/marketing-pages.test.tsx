import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { renderApp } from "../helpers";
import { mainLinkHrefs, unlimitedFreeClaims } from "./page-helpers";

/** Renders a lazy page and waits for its one h1. */
async function showPage(path: string, title: string) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title });
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  return app;
}

function card(title: string): HTMLElement {
  const heading = screen.getByRole("heading", { level: 3, name: title });
  const article = heading.closest("article");
  if (article === null) throw new Error(`No card around "${title}"`);
  return article;
}

describe("/compare", () => {
  it("sets Free against Compare Plus, with the limits from the plan module", async () => {
    await showPage("/compare", "Compare ASINs Side by Side");

    const free = card("Basic Compare").textContent;
    expect(free).toContain(`Compare up to ${FREE_PLAN.compareLimit} ASINs`);
    expect(free).toContain("Rank, price and review data");
    expect(free).toContain("Marketplace toggle: US, UK, DE, FR, IT, ES and JP");

    const plus = card("Compare Plus").textContent;
    expect(plus).toContain(`Compare up to ${PRO_PLAN.compareLimit} ASINs`);
    expect(plus).toContain("Historical rank trends");
    expect(plus).toContain("Buy Box share");
    expect(plus).toContain("Marketplace breakdowns");
    expect(plus).toContain("CSV and PDF export");
    expect(plus).toContain(`$${PRO_PLAN.priceUsd} a month`);
  });

  it("links to / and /pricing", async () => {
    await showPage("/compare", "Compare ASINs Side by Side");

    expect(within(card("Basic Compare")).getByRole("link").getAttribute("href")).toBe("/");
    expect(within(card("Compare Plus")).getByRole("link").getAttribute("href")).toBe("/pricing");
    expect(new Set(mainLinkHrefs())).toEqual(new Set(["/", "/pricing"]));
  });
});

describe("/about", () => {
  it("tells the story, the mission and the two phases", async () => {
    await showPage("/about", "About RankLayer");

    const sections = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(["Our Story", "Our Mission", "Our Phases", "Talk to Us"]);
    expect(card("Free ASIN Lookup").textContent).toContain("Phase 1");
    expect(card("Seller Connection").textContent).toContain("Phase 2");
  });

  it("links each phase to where it starts, and to contact", async () => {
    await showPage("/about", "About RankLayer");

    expect(within(card("Free ASIN Lookup")).getByRole("link").getAttribute("href")).toBe("/");
    expect(within(card("Seller Connection")).getByRole("link").getAttribute("href")).toBe("/connect");
    expect(mainLinkHrefs()).toEqual(["/", "/connect", "/contact"]);
  });
});

describe("/dashboard", () => {
  it("has the free and Pro sections, four use cases and the Free and Pro plan cards", async () => {
    await showPage("/dashboard", "The Operator Dashboard");

    expect(within(card("Public Rank Lookups")).getByRole("link").getAttribute("href")).toBe("/");
    expect(within(card("Your Connected Catalog")).getByRole("link").getAttribute("href")).toBe("/connect");
    const useCases = screen.getByRole("region", { name: "Built for How You Operate" });
    expect(within(useCases).getAllByRole("article")).toHaveLength(4);
    expect(within(card("Free")).getByRole("link").getAttribute("href")).toBe("/");
    expect(within(card("Pro")).getByRole("link").getAttribute("href")).toBe("/pricing");
    expect(new Set(mainLinkHrefs())).toEqual(new Set(["/", "/connect", "/pricing"]));
  });

  it("shows no brand view without ?brand=", async () => {
    await showPage("/dashboard", "The Operator Dashboard");

    expect(screen.queryByRole("heading", { name: /^Brand view/ })).toBeNull();
  });

  it("names the brand asked for in ?brand=, without inventing figures for it", async () => {
    await showPage("/dashboard?brand=Acme", "The Operator Dashboard");

    const brandView = screen.getByRole("region", { name: "Brand view: Acme" });
    expect(brandView.textContent).toContain("You asked for the Acme view");
    expect(brandView.textContent).not.toMatch(/\d/);
    expect(within(brandView).getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
  });

  it("ignores a blank brand", async () => {
    await showPage("/dashboard?brand=%20%20", "The Operator Dashboard");

    expect(screen.queryByRole("heading", { name: /^Brand view/ })).toBeNull();
  });

  it("trims the brand and shows markup in it as plain text", async () => {
    await showPage("/dashboard?brand=%20%3Cb%3EAcme%3C%2Fb%3E%20", "The Operator Dashboard");

    const heading = screen.getByRole("heading", { name: "Brand view: <b>Acme</b>" });
    expect(heading.querySelector("b")).toBeNull();
  });
});

describe("/rank-trends", () => {
  it("sets free 7-day cached snapshots against Pro continuous velocity tracking", async () => {
    await showPage("/rank-trends", "Rank Trends");

    expect(card("7-Day Cached Snapshots").textContent).toContain("last 7 days");
    expect(card("Continuous Velocity Tracking").textContent).toContain("Rank velocity");
  });

  it("links to /, /pricing and /connect", async () => {
    await showPage("/rank-trends", "Rank Trends");

    expect(within(card("7-Day Cached Snapshots")).getByRole("link").getAttribute("href")).toBe("/");
    const pro = within(card("Continuous Velocity Tracking")).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(pro).toEqual(["/connect", "/pricing"]);
  });
});

describe("/reports", () => {
  it("describes free and Pro reports and daily or weekly scheduling", async () => {
    await showPage("/reports", "Reports");

    expect(card("Lookup Exports").textContent).toContain(`${FREE_PLAN.exportsPerDay} exports a day`);
    expect(card("Portfolio Reports").textContent).toContain("CSV and PDF");
    const scheduling = screen.getByRole("region", { name: "Report Scheduling" });
    expect(within(scheduling).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Daily", "Weekly"]);
  });

  it("links to /, /pricing and /dashboard", async () => {
    await showPage("/reports", "Reports");

    expect(within(card("Lookup Exports")).getByRole("link").getAttribute("href")).toBe("/");
    const pro = within(card("Portfolio Reports")).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(pro).toEqual(["/pricing", "/dashboard"]);
  });
});

describe("marketing copy", () => {
  it.each([
    ["/", /The Amazon Rank Intelligence Layer/],
    ["/compare", "Compare ASINs Side by Side"],
    ["/about", "About RankLayer"],
    ["/dashboard", "The Operator Dashboard"],
    ["/rank-trends", "Rank Trends"],
    ["/reports", "Reports"],
    ["/resources", "Resources"],
    ["/resources/ranklayer-vs-keepa", "RankLayer vs Keepa"],
    ["/resources/ranklayer-vs-jungle-scout", "RankLayer vs Jungle Scout"],
    ["/resources/ranklayer-vs-helium-10", "RankLayer vs Helium 10"],
  ])("on %s never promises unlimited free lookups", async (path, title) => {
    renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });

    expect(unlimitedFreeClaims()).toEqual([]);
  });
});
