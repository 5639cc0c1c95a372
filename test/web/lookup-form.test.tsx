import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "./helpers";

describe("Home page lookup form", () => {
  it("shows the hero headline", () => {
    renderApp("/");
    expect(screen.getByRole("heading", { level: 1, name: /The Amazon Rank Intelligence Layer/ })).toBeTruthy();
  });

  it("trims and upper-cases the ASIN and opens its results page", async () => {
    const { router, user } = renderApp("/");

    await user.type(screen.getByLabelText("ASIN"), " b08n5wrw ");
    await user.click(screen.getByRole("button", { name: "Look Up ASIN" }));

    // /results is a lazy route: the location changes once its chunk has loaded.
    await waitFor(() => expect(router.location.pathname).toBe("/results"));
    expect(router.location.search).toBe("?asin=B08N5WRW&marketplace=US");
  });

  it("submits with the Enter key", async () => {
    const { router, user } = renderApp("/");

    await user.type(screen.getByLabelText("ASIN"), "b08n5wrwnw{Enter}");

    await waitFor(() => expect(router.location.search).toBe("?asin=B08N5WRWNW&marketplace=US"));
  });

  it("leaves format checks to the server: a 9-character ASIN still goes through", async () => {
    const { router, user } = renderApp("/");

    await user.type(screen.getByLabelText("ASIN"), "B08N5WRWN{Enter}");

    await waitFor(() => expect(router.location.search).toBe("?asin=B08N5WRWN&marketplace=US"));
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
  ])("blocks submission when the ASIN is %s", async (_case, typed) => {
    const { router, user } = renderApp("/");

    if (typed) await user.type(screen.getByLabelText("ASIN"), typed);
    await user.click(screen.getByRole("button", { name: "Look Up ASIN" }));

    expect(router.location.pathname).toBe("/");
    expect(screen.getByRole("alert").textContent).toBe("Enter an ASIN to look up.");
    expect(screen.getByLabelText("ASIN").getAttribute("aria-invalid")).toBe("true");
  });

  it("marks the ASIN required and never cuts a paste short", async () => {
    const { router, user } = renderApp("/");
    const input = screen.getByLabelText<HTMLInputElement>("ASIN");

    expect(input.required).toBe(true);
    expect(input.maxLength).toBe(-1);
    await user.click(input);
    await user.paste(" B08N5WRWNW ");
    expect(input.value).toBe("B08N5WRWNW");
    await user.click(screen.getByRole("button", { name: "Look Up ASIN" }));
    await waitFor(() => expect(router.location.search).toBe("?asin=B08N5WRWNW&marketplace=US"));
  });

  it("takes the ASIN out of a pasted Amazon product URL", async () => {
    const { router, user } = renderApp("/");
    const input = screen.getByLabelText<HTMLInputElement>("ASIN");

    await user.click(input);
    await user.paste("https://www.amazon.com/Echo-Dot/dp/b08n5wrwnw?ref=x");
    expect(input.value).toBe("B08N5WRWNW");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.location.search).toBe("?asin=B08N5WRWNW&marketplace=US"));
  });

  it.each([
    ["https://www.amazon.de/dp/B08N5WRWNW", "DE"],
    ["https://www.amazon.co.uk/gp/product/B08N5WRWNW", "UK"],
    ["https://www.amazon.co.jp/dp/B08N5WRWNW", "JP"],
  ])("looks a pasted %s link up in its own marketplace, shown in the select, not in US", async (url, code) => {
    const { router, user } = renderApp("/");
    await user.click(screen.getByLabelText("ASIN"));
    await user.paste(url);

    expect(screen.getByLabelText<HTMLSelectElement>("Marketplace").value).toBe(code);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.location.search).toBe(`?asin=B08N5WRWNW&marketplace=${code}`));
  });

  it("offers only the US marketplace", () => {
    renderApp("/");
    const options = screen.getAllByRole("option").map((option) => (option as HTMLOptionElement).value);

    expect(options).toEqual(["US"]);
    expect(screen.getByLabelText<HTMLSelectElement>("Marketplace").value).toBe("US");
  });
});
