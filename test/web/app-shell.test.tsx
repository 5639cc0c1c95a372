import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { AppLayout } from "../../web/src/app/AppLayout";
import { ErrorPage } from "../../web/src/pages/ErrorPage";
import { HomePage } from "../../web/src/pages/HomePage";
import { renderApp } from "./helpers";

describe("header", () => {
  it("links to the main pages", () => {
    renderApp("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const hrefs = within(nav).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/", "/compare", "/dashboard", "/rank-trends", "/pricing", "/about", "/contact"]);
  });

  it("opens and closes the mobile menu with its button", async () => {
    const { user } = renderApp("/");
    const menuButton = screen.getByRole("button", { name: "Menu" });
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(menuButton.getAttribute("aria-controls")).toBe(screen.getByRole("navigation", { name: "Main" }).id);

    await user.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");

    await user.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("works the mobile menu from the keyboard; Escape closes it and returns focus to the button", async () => {
    const { user } = renderApp("/");
    const menuButton = screen.getByRole("button", { name: "Menu" });

    menuButton.focus();
    await user.keyboard("{Enter}");
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Home");

    await user.keyboard("{Escape}");
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton);

    await user.keyboard(" ");
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
  });

  it("closes the mobile menu when a link is tapped", async () => {
    const { router, user } = renderApp("/");
    const menuButton = screen.getByRole("button", { name: "Menu" });
    await user.click(menuButton);

    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Pricing" }));

    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(router.location.pathname).toBe("/pricing"));
  });

  it("toggles dark mode, switching icon and saving the choice", async () => {
    const { user } = renderApp("/");
    const toggle = screen.getByRole("button", { name: "Dark mode" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(toggle.querySelector('[data-icon="moon"]')).not.toBeNull();

    await user.click(toggle);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("darkMode")).toBe("true");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(toggle.querySelector('[data-icon="sun"]')).not.toBeNull();

    await user.click(toggle);
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem("darkMode")).toBe("false");
  });

  it("starts in dark mode when the page loaded dark (public/theme.js restored it)", () => {
    document.documentElement.classList.add("dark");
    renderApp("/");
    expect(screen.getByRole("button", { name: "Dark mode" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("footer", () => {
  it("links to the info pages and carries the affiliate disclosure", () => {
    renderApp("/");
    const footer = screen.getByRole("contentinfo");
    const hrefs = within(footer).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/resources", "/extension", "/status", "/settings", "/privacy", "/terms"]);
    expect(within(footer).getByText(/As an Amazon Associate, RankLayer earns from qualifying purchases\./)).toBeTruthy();
  });

  it("shows no data-source badge by default", () => {
    renderApp("/");
    expect(within(screen.getByRole("contentinfo")).queryByText(/Data source/)).toBeNull();
  });
});

describe("navigation", () => {
  it("shows the 404 page for an unknown path", async () => {
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("scrolls to the top on navigation", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { router } = renderApp("/");
    scrollTo.mockClear();

    await router.navigate("/about");

    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it("leaves the scroll position to the browser on back/forward", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { router } = renderApp("/");
    await router.navigate("/about");
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    scrollTo.mockClear();

    await router.navigate(-1);

    await waitFor(() => expect(router.location.pathname).toBe("/"));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("error screen", () => {
  function Broken(): never {
    throw new Error("Kaboom in render");
  }

  /** The real shell, and its error boundary, around a page that throws at /broken. */
  function renderBrokenPage() {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the thrown error
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <Routes>
          <Route path="/" element={<AppLayout />}>
            <Route index element={<HomePage />} />
            <Route path="broken" element={<Broken />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    return user;
  }

  it("shows 'Unexpected Application Error!' with the error text", async () => {
    renderBrokenPage();

    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText("Kaboom in render")).toBeTruthy();
  });

  it("keeps header and footer, and clears once the visitor navigates away", async () => {
    const user = renderBrokenPage();
    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();

    await user.click(screen.getByRole("link", { name: "Back to Home" }));

    expect(await screen.findByRole("heading", { level: 1, name: /The Amazon Rank Intelligence Layer/ })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).toBeNull();
  });

  describe("when a page's chunk did not load", () => {
    const chunkError = new TypeError("Failed to fetch dynamically imported module: https://ranklayer.app/assets/AlertsPage-3f9a1c.js");

    it.each([
      ["offline", false, "You're offline", "This page needs a connection to load. Reconnect, then try again."],
      ["online", true, "This page could not load", "Check your connection, then try again."],
    ])("says so in plain words when %s, with Try again that loads the address afresh", async (_case, onLine, heading, text) => {
      vi.spyOn(navigator, "onLine", "get").mockReturnValue(onLine);
      const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
      const user = userEvent.setup();
      render(
        <MemoryRouter>
          <ErrorPage error={chunkError} />
        </MemoryRouter>,
      );

      expect(screen.getByRole("heading", { name: heading })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole("alert").textContent).not.toMatch(/Unexpected Application Error|dynamically imported|assets\//);

      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    });
  });
});
