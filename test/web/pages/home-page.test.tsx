import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { renderApp } from "../helpers";
import { mainLinkHrefs, unlimitedFreeClaims } from "./page-helpers";

describe("Home page", () => {
  it("has every section, under one h1", () => {
    renderApp("/");

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const sections = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([
      "Why Operators Use RankLayer",
      "How it works",
      "The Operator Dashboard",
      "How RankLayer Compares",
      "Security and Compliance",
      "Get Started",
    ]);
  });

  it("explains how it works for everyone and for connected sellers", () => {
    renderApp("/");
    const how = screen.getByRole("region", { name: "How it works" });

    expect(within(how).getByRole("heading", { level: 3, name: "For Everyone" })).toBeTruthy();
    expect(within(how).getByRole("heading", { level: 3, name: "For Connected Sellers (Pro)" })).toBeTruthy();
  });

  it("shows the four Operator Dashboard cards", () => {
    renderApp("/");
    const dashboard = screen.getByRole("region", { name: "The Operator Dashboard" });

    const cards = within(dashboard).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(cards).toEqual(["Live Rank Tracking", "Portfolio Overview", "Alerts & Insights", "Reports & Exports"]);
  });

  it("compares RankLayer with Keepa and Jungle Scout on the six criteria, in a real table", async () => {
    renderApp("/");
    const table = await screen.findByRole("table", { name: "RankLayer, Keepa and Jungle Scout side by side" });

    const columns = within(table).getAllByRole("columnheader").map((header) => header.textContent);
    expect(columns).toEqual(["Criterion", "RankLayer", "Keepa", "Jungle Scout"]);
    const rows = within(table).getAllByRole("rowheader").map((header) => header.textContent);
    expect(rows).toEqual(["Data source", "Accuracy", "Compliance", "Buy Box tracking", "Rank history", "Ideal user"]);
    const rankLayerSource = within(table).getByRole("row", { name: /^Data source/ });
    expect(rankLayerSource.textContent).toContain("Amazon's official Creators API");
    expect(rankLayerSource.textContent).toContain("read-only Selling Partner API");
    expect(screen.getByText(/public product pages/).textContent).toContain(
      "Keepa and Jungle Scout are trademarks of their owners, who are not affiliated with RankLayer.",
    );
  });

  it("states the security and compliance promises", () => {
    renderApp("/");
    const security = screen.getByRole("region", { name: "Security and Compliance" }).textContent;

    expect(security).toContain("Read-only OAuth");
    expect(security).toContain("refresh token is encrypted at rest");
    expect(security).toContain("No listing changes, ever");
    expect(security).toContain("kept for up to 30 days");
  });

  it("takes its limits from the plan module and never promises unlimited free lookups", () => {
    renderApp("/");
    const how = screen.getByRole("region", { name: "How it works" }).textContent;

    expect(how).toContain(`${FREE_PLAN.lookupsPerMonth} lookups a month`);
    expect(how).toContain(`compare up to ${FREE_PLAN.compareLimit} ASINs`);
    expect(how).toContain(`${FREE_PLAN.exportsPerDay} exports a day`);
    expect(how).toContain(`Compare up to ${PRO_PLAN.compareLimit} ASINs`);
    expect(unlimitedFreeClaims()).toEqual([]);
  });

  it("has the three Get Started steps", () => {
    renderApp("/");
    const start = screen.getByRole("region", { name: "Get Started" });

    const steps = within(start).getAllByRole("listitem").map((step) => within(step).getByRole("heading").textContent);
    expect(steps).toEqual(["Check an ASIN Free", "Connect Seller Central (Pro)", "Monitor & Optimize (Pro)"]);
  });

  it("links to /connect, /dashboard and /pricing", () => {
    renderApp("/");

    expect(screen.getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
    expect(screen.getByRole("link", { name: "Explore the Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/pricing");
    expect(new Set(mainLinkHrefs())).toEqual(new Set(["/connect", "/dashboard", "/pricing"]));
  });

  it("step 1 scrolls to the top and puts the cursor in the ASIN input", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { user } = renderApp("/");
    const asinInput = screen.getByLabelText("ASIN");
    expect(document.activeElement).not.toBe(asinInput);

    await user.click(screen.getByRole("button", { name: "Check an ASIN Free" }));

    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(asinInput);
  });
});
