import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../helpers";

const COMPARISONS = [
  { path: "/resources/ranklayer-vs-keepa", title: "RankLayer vs Keepa", name: "Keepa" },
  { path: "/resources/ranklayer-vs-jungle-scout", title: "RankLayer vs Jungle Scout", name: "Jungle Scout" },
  { path: "/resources/ranklayer-vs-helium-10", title: "RankLayer vs Helium 10", name: "Helium 10" },
] as const;

describe("/resources", () => {
  it("lists the three comparison guides with links to them", async () => {
    renderApp("/resources");
    await screen.findByRole("heading", { level: 1, name: "Resources" });

    const guides = screen.getByRole("region", { name: "Comparison Guides" });
    const links = within(guides).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual(COMPARISONS.map(({ title, path }) => [title, path]));
  });

  it("lists getting-started guides that link to the product's pages", async () => {
    renderApp("/resources");
    await screen.findByRole("heading", { level: 1, name: "Resources" });

    const guides = screen.getByRole("region", { name: "Getting Started" });
    const hrefs = within(guides).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/", "/compare", "/rank-trends", "/connect", "/pricing", "/docs/api"]);
  });
});

describe.each(COMPARISONS)("$path", ({ path, title, name }) => {
  it("compares RankLayer with the one tool on the six criteria", async () => {
    renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });

    const table = screen.getByRole("table", { name: `RankLayer and ${name} side by side` });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Criterion", "RankLayer", name]);
    expect(within(table).getAllByRole("rowheader")).toHaveLength(6);
    expect(screen.getByText(/public product pages/).textContent).toContain(`${name} is a trademark of its owner`);
    expect(screen.getByRole("heading", { level: 3, name: `Where ${name} shines` })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Where RankLayer fits" })).toBeTruthy();
  });

  it("links to /connect, /dashboard and back to /resources", async () => {
    renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });

    expect(screen.getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
    expect(screen.getByRole("link", { name: "See the Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "All resources" }).getAttribute("href")).toBe("/resources");
  });

  it("has a lookup form at the top that its Check an ASIN button scrolls back to", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { user } = renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });
    scrollTo.mockClear(); // the first render's own scroll handling is not the button's

    await user.click(screen.getByRole("button", { name: "Check an ASIN" }));

    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByLabelText("ASIN"));
  });

  it("looks up from its form like the home page does", async () => {
    const { router, user } = renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });

    await user.type(screen.getByLabelText("ASIN"), "b08n5wrwnw{Enter}");

    await vi.waitFor(() => expect(router.location.search).toBe("?asin=B08N5WRWNW&marketplace=US"));
  });
});
