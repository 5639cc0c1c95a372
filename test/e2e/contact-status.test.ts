import { describe, expect, inject, it } from "vitest";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({}, { reuseTab: true });

async function fillContactForm(values: { name: string; company?: string; email: string; message: string }) {
  await tab.page.getByRole("textbox", { name: "Name" }).fill(values.name);
  if (values.company) await tab.page.getByRole("textbox", { name: /Company/ }).fill(values.company);
  await tab.page.getByRole("textbox", { name: "Email" }).fill(values.email);
  await tab.page.getByRole("textbox", { name: "Message" }).fill(values.message);
}

describe("contact form in a real browser", () => {
  it("sends a message to the Worker and lands on the thank-you page", async () => {
    await tab.page.goto(`${appUrl}/contact`);
    await fillContactForm({ name: "Ada Lovelace", company: "Analytical Ltd", email: "ada@example.com", message: "Let's partner." });
    const stored = tab.page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST");
    await tab.page.getByRole("button", { name: "Send Message" }).click();

    expect((await stored).status()).toBe(200);
    await tab.page.waitForURL(`${appUrl}/contact/success`);
    await tab.page.getByRole("heading", { name: "Thank you" }).waitFor();
    await tab.page.getByRole("link", { name: "Back to Home" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("shows the warning view for blank fields, sends nothing, and clears it on the next edit", async () => {
    const posts: string[] = [];
    tab.page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await tab.page.goto(`${appUrl}/contact`);
    await tab.page.getByRole("textbox", { name: "Name" }).fill("   ");
    await tab.page.getByRole("button", { name: "Send Message" }).click();

    const warning = tab.page.getByRole("alert");
    await warning.getByRole("heading", { name: "Please complete all required fields" }).waitFor();
    expect(await warning.textContent()).toContain("Make sure your name, email, and message are entered correctly before submitting.");
    await warning.getByRole("button", { name: "Return to Form" }).click();
    expect(await tab.page.getByRole("alert").count()).toBe(0);
    // Back at the first problem field, ready to type.
    expect(await tab.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("name");

    await tab.page.getByRole("button", { name: "Send Message" }).click();
    await tab.page.getByRole("alert").waitFor();
    await tab.page.getByRole("textbox", { name: "Email" }).pressSequentially("a");
    expect(await tab.page.getByRole("alert").count()).toBe(0);
    expect(posts).toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("keeps the honeypot out of the tab order", async () => {
    await tab.page.goto(`${appUrl}/contact`);
    await tab.page.getByRole("textbox", { name: "Message" }).focus();
    await tab.page.keyboard.press("Tab");
    expect(await tab.page.evaluate(() => document.activeElement?.textContent)).toBe("Send Message");
  });

  it("shows the error card with the server's detail and keeps every value on Try Again", async () => {
    await tab.page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ detail: "We couldn't send your message right now. Please try again in a few minutes." }),
      }),
    );
    await tab.page.goto(`${appUrl}/contact`);
    const values = { name: "Grace Hopper", company: "Compilers Inc", email: "grace@example.com", message: "Hello there." };
    await fillContactForm(values);
    await tab.page.getByRole("button", { name: "Send Message" }).click();

    const card = tab.page.getByRole("alert");
    await card.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await card.textContent()).toContain("We couldn't send your message right now. Please try again in a few minutes.");
    await card.getByRole("button", { name: "Try Again" }).click();

    expect(await tab.page.getByRole("textbox", { name: "Name" }).inputValue()).toBe(values.name);
    expect(await tab.page.getByRole("textbox", { name: /Company/ }).inputValue()).toBe(values.company);
    expect(await tab.page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(values.email);
    expect(await tab.page.getByRole("textbox", { name: "Message" }).inputValue()).toBe(values.message);
    expect(tab.page.url()).toBe(`${appUrl}/contact`);
    // The 503 is the answer under test; nothing else may go wrong on the tab.page.
    expect(tab.consoleErrors.filter((e) => !/status of 503/.test(e))).toEqual([]);
  });
});

describe("status page in a real browser", () => {
  it("shows the Worker's live checks and a UTC clock that ticks", async () => {
    await tab.page.goto(`${appUrl}/status`);
    await tab.page.getByText("All systems operational").waitFor();
    const item = (name: string) => tab.page.getByRole("listitem").filter({ has: tab.page.getByRole("heading", { name }) });
    for (const name of ["API Service", "Cache System", "Database", "Rate Limiter"]) {
      expect(await item(name).getByText("Operational", { exact: true }).isVisible(), name).toBe(true);
    }
    expect(await item("Product Advertising API").getByText("Mock data", { exact: true }).isVisible()).toBe(true);
    expect(await item("Selling Partner API").getByText("Not yet active", { exact: true }).isVisible()).toBe(true);
    expect(await item("Email").getByText("Operational", { exact: true }).isVisible()).toBe(true);

    const clock = tab.page.locator("time");
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(first);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("shows the components as unknown when the status call fails", async () => {
    await tab.page.route("**/api/status", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await tab.page.goto(`${appUrl}/status`);
    await tab.page.getByRole("alert").getByText("We couldn't reach the status service", { exact: false }).waitFor();
    expect(await tab.page.getByText("Unknown", { exact: true }).count()).toBe(7);
  });
});

describe("pricing page in a real browser", () => {
  it("shows the plans the Worker serves", async () => {
    await tab.page.goto(`${appUrl}/pricing`);
    await tab.page.getByRole("heading", { name: "Enterprise" }).waitFor();
    expect(await tab.page.getByText("100 lookups per month").isVisible()).toBe(true);
    expect(await tab.page.getByText("$49").isVisible()).toBe(true);
    expect(tab.consoleErrors).toEqual([]);
  });
});
