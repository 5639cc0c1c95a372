import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../helpers";

async function pageText(path: string, heading: string): Promise<string> {
  renderApp(path);
  await screen.findByRole("heading", { level: 1, name: heading });
  return document.querySelector("main")?.textContent?.replace(/\s+/g, " ") ?? "";
}

describe("/privacy", () => {
  it("states what is kept, for how long, and how it is protected", async () => {
    const text = await pageText("/privacy", "Privacy Policy");
    expect(text).toContain("The lookup log contains no IP address or other identifier of you, and it is kept for up to 30 days.");
    expect(text).toContain("Your own figures read from Amazon (FBA stock, Buy Box, sales) are kept for 13 months, then deleted.");
    expect(text).toContain("keyed by the IP address");
    expect(text).toContain("kept for up to 30 days after your last request");
    expect(text).toContain("so that we can answer you. We answer within one business day.");
    expect(text).toContain("encrypted at rest with AES-256-GCM");
    expect(text).toContain("read-only");
    expect(text).toContain("never changes a listing");
    expect(text).toMatch(/Session cookie.*HttpOnly/);
    expect(text).toContain("XSRF-TOKEN cookie");
    expect(text).toMatch(/darkMode in your browser's local storage/);
    expect(text).toContain("cached for at most 24 hours");
    expect(text).toContain("As an Amazon Associate, RankLayer earns from qualifying purchases");
  });

  it("links to the contact form and the terms", async () => {
    await pageText("/privacy", "Privacy Policy");
    expect(within(screen.getByRole("main")).getAllByRole("link", { name: /contact/i }).every((a) => a.getAttribute("href") === "/contact")).toBe(true);
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
  });
});

describe("/terms", () => {
  it("states the free quota from the plan facts, the data's age, read-only access, support and the affiliate disclosure", async () => {
    const text = await pageText("/terms", "Terms of Service");
    expect(text).toContain("allows 100 lookups per month per client");
    expect(text).not.toMatch(/unlimited/i);
    expect(text).toContain("may be up to 24 hours old");
    expect(text).toContain("read-only. RankLayer never changes a listing");
    expect(text).toContain("We answer within one business day.");
    expect(text).toContain("As an Amazon Associate, RankLayer earns from qualifying purchases.");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/pricing");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });
});
