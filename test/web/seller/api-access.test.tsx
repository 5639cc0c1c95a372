import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ApiKeyList, ApiKeyView } from "@contract/api-keys";
import { addStylesheets } from "../stylesheets";
import { json, noContent } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const NEW_KEY = `rl_live_${"A1b2C3".repeat(7)}x`;

function keyView(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: "key-1",
    name: "Repricer",
    prefix: "rl_live_A1b2C3",
    createdAt: "2026-11-20T10:00:00.000Z",
    lastUsedAt: "2026-11-24T13:05:00.000Z",
    usage: {
      thisHour: 42,
      days: ["18", "19", "20", "21", "22", "23", "24"].map((d, i) => ({ day: `2026-11-${d}`, requests: i * 10 })),
    },
    madeBy: { email: "me@example.com", role: "owner" },
    ...overrides,
  };
}

function keyList(keys: ApiKeyView[], overrides: Partial<ApiKeyList> = {}): ApiKeyList {
  return { keys, maxKeys: 5, requestsPerHour: 1000, planName: "Pro", usedThisHour: 42, ...overrides };
}

describe("Settings → API Access", () => {
  it("lists each key by name and prefix with its dates and real usage, and links the docs", async () => {
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList([keyView()])) });
    await openTab(user, "API Access");

    const table = await within(panel()).findByRole("table", { name: "Your API keys" });
    const row = within(table).getByRole("row", { name: /Repricer/ });
    expect(row.textContent).toContain("rl_live_A1b2C3…");
    expect(row.textContent).toContain("2026-11-20 10:00 UTC");
    expect(row.textContent).toContain("2026-11-24 13:05 UTC");
    expect(within(row).getAllByRole("cell")[3]?.textContent).toBe("42");
    // 0 + 10 + … + 60 over the 7 days.
    expect(row.textContent).toContain("210");
    expect(panel().textContent).toContain("This hour: 42 of 1,000 requests used.");
    expect(within(panel()).getByRole("link", { name: "API documentation" }).getAttribute("href")).toBe("/docs/api");
    expect(panel().textContent).not.toContain(NEW_KEY);
  });

  it("names each key's maker and the role the key acts with, theirs now", async () => {
    const keys = [keyView(), keyView({ id: "key-2", name: "Reports", madeBy: { email: "ana@example.com", role: "viewer" } })];
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList(keys)) });
    await openTab(user, "API Access");

    const table = await within(panel()).findByRole("table", { name: "Your API keys" });
    expect(within(table).getByRole("columnheader", { name: "Made by" })).toBeTruthy();
    expect(within(table).getByRole("row", { name: /Repricer/ }).textContent).toContain("me@example.com (owner)");
    expect(within(table).getByRole("row", { name: /Reports/ }).textContent).toContain("ana@example.com (viewer)");
    expect(panel().textContent).toContain("A key acts with its maker's current role in this workspace");
    expect(panel().textContent).toContain("Rotating a key makes you its maker.");
  });

  it("keeps the table's scroll box to the panel's width, and the actions cell a cell of its row", async () => {
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList([keyView()])) });
    await openTab(user, "API Access");
    addStylesheets("seller.css");
    const table = await within(panel()).findByRole("table", { name: "Your API keys" });

    // The panel aligns its items to the start: unstretched, the box grows to the table and never scrolls.
    const scroll = table.parentElement!;
    expect(getComputedStyle(scroll.parentElement!).alignItems).toBe("flex-start");
    expect(getComputedStyle(scroll).alignSelf).toBe("stretch");
    expect(getComputedStyle(scroll).overflowX).toBe("auto");
    // The visually hidden labels are absolute: the box must contain them, or they widen the page.
    expect(getComputedStyle(scroll).position).toBe("relative");
    const actions = within(table).getByRole("button", { name: "Revoke Repricer" }).closest("td")!;
    expect(getComputedStyle(actions).display).not.toBe("flex");
    expect(getComputedStyle(actions.firstElementChild!).display).toBe("flex");
  });

  it.each([
    ["Agency", 5_000, "5,000"],
    ["Enterprise", 20_000, "20,000"],
  ] as const)("names the %s plan's own hourly limit, not Pro's", async (planName, perHour, shown) => {
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList([keyView()], { requestsPerHour: perHour, planName })) });
    await openTab(user, "API Access");

    await within(panel()).findByText(/requests per hour/);
    expect(panel().textContent).toContain(`Up to ${shown} requests per hour across your keys on the ${planName} plan.`);
    expect(panel().textContent).toContain(`This hour: 42 of ${shown} requests used.`);
    expect(panel().textContent).not.toContain("1,000");
    expect(panel().textContent).not.toContain("Pro");
  });

  it("names the plan from the keys' own answer, with no second request for it", async () => {
    const { user, api } = await renderSettings({ "GET /api/api-keys": json(keyList([keyView()], { requestsPerHour: 5_000, planName: "Agency" })) });
    await openTab(user, "API Access");

    expect(await within(panel()).findByText(/requests per hour/)).toBeTruthy();
    expect(panel().textContent).toContain("Up to 5,000 requests per hour across your keys on the Agency plan.");
    expect(api.requests("GET /api/api-keys")).toHaveLength(1);
    expect(api.requests("GET /api/billing/subscription")).toHaveLength(0);
  });

  it("shows a refused revoke in that key's row, not under the New key form", async () => {
    const detail = "Keys are resting; try again in a minute.";
    const { user } = await renderSettings({
      "GET /api/api-keys": json(keyList([keyView(), keyView({ id: "key-2", name: "CI", prefix: "rl_live_Z9y8X7" })])),
      "DELETE /api/api-keys/key-1": json({ detail, code: "upstream_unavailable" }, 503),
    });
    await openTab(user, "API Access");
    await user.click(await within(panel()).findByRole("button", { name: "Revoke Repricer" }));
    await user.click(within(panel()).getByRole("button", { name: "Confirm revoke Repricer" }));

    const alert = await within(panel()).findByRole("alert");
    expect(alert.textContent).toBe(detail);
    // The row under the key's own row.
    expect(alert.closest("tr")!.previousElementSibling).toBe(within(panel()).getByRole("rowheader", { name: "Repricer" }).closest("tr"));
    expect(within(panel()).getAllByRole("alert")).toHaveLength(1);
  });

  it("links the Billing page from a refused rotate that names it, in that key's row", async () => {
    const { user } = await renderSettings({
      "GET /api/api-keys": json(keyList([keyView()])),
      "POST /api/api-keys/key-1/rotate": json({ detail: "Your plan has no API access. Upgrade to Pro at /billing to lift it.", code: "plan_limit" }, 403),
    });
    await openTab(user, "API Access");
    await user.click(await within(panel()).findByRole("button", { name: "Rotate Repricer" }));
    await user.click(within(panel()).getByRole("button", { name: "Confirm rotate Repricer" }));

    const alert = await within(panel()).findByRole("alert");
    expect(alert.textContent).toBe("Your plan has no API access. Upgrade to Pro on the Billing page to lift it.");
    expect(within(alert).getByRole("link", { name: "the Billing page" }).getAttribute("href")).toBe("/billing");
    expect(alert.closest("tr")!.previousElementSibling).toBe(within(panel()).getByRole("rowheader", { name: "Repricer" }).closest("tr"));
  });

  it("keeps the next key name typed while a create is on its way", async () => {
    const created = keyView({ id: "key-2", name: "CI", prefix: NEW_KEY.slice(0, 14), lastUsedAt: null });
    let answer: (response: Response) => void = () => undefined;
    const { user } = await renderSettings({
      "GET /api/api-keys": json(keyList([])),
      "POST /api/api-keys": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openTab(user, "API Access");
    const field = (await within(panel()).findByRole("textbox", { name: "Key name" })) as HTMLInputElement;
    await user.type(field, "CI");
    await user.click(within(panel()).getByRole("button", { name: "Create key" }));
    await user.clear(field);
    await user.type(field, "Repricer");
    answer(Response.json({ key: NEW_KEY, apiKey: created }, { status: 201 }));

    expect(await within(panel()).findByLabelText("New API key")).toBeTruthy();
    expect(field.value).toBe("Repricer");
  });

  it("creates a key, shows it once with a copy button, and then only its prefix", async () => {
    const created = keyView({ id: "key-2", name: "CI", prefix: NEW_KEY.slice(0, 14), lastUsedAt: null });
    const { user, api } = await renderSettings({
      "GET /api/api-keys": (() => {
        let calls = 0;
        return () => json(keyList(calls++ === 0 ? [] : [created]))();
      })(),
      "POST /api/api-keys": json({ key: NEW_KEY, apiKey: created }, 201),
    });
    await openTab(user, "API Access");
    await within(panel()).findByText("No API keys yet. Create one below.");

    await user.type(within(panel()).getByRole("textbox", { name: "Key name" }), "CI");
    await user.click(within(panel()).getByRole("button", { name: "Create key" }));

    expect((await within(panel()).findByLabelText("New API key")).textContent).toBe(NEW_KEY);
    expect(api.requests("POST /api/api-keys")[0]?.body).toEqual({ name: "CI" });
    expect(api.requests("POST /api/api-keys")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    await user.click(within(panel()).getByRole("button", { name: "Copy key" }));
    await within(panel()).findByText("Copied to the clipboard.");
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    await user.click(within(panel()).getByRole("button", { name: "Done" }));
    expect(within(panel()).queryByLabelText("New API key")).toBeNull();
    expect(panel().textContent).not.toContain(NEW_KEY);
    expect(within(panel()).getByRole("row", { name: /CI/ }).textContent).toContain("Never");
  });

  it("revokes after a confirmation and rotates into a new one-time key", async () => {
    const { user, api } = await renderSettings({
      "GET /api/api-keys": json(keyList([keyView()])),
      "DELETE /api/api-keys/key-1": noContent(),
      "POST /api/api-keys/key-1/rotate": json({ key: NEW_KEY, apiKey: keyView({ id: "key-3" }) }, 201),
    });
    await openTab(user, "API Access");
    await user.click(await within(panel()).findByRole("button", { name: "Revoke Repricer" }));
    expect(api.requests("DELETE /api/api-keys/key-1")).toHaveLength(0);
    await user.click(within(panel()).getByRole("button", { name: "Confirm revoke Repricer" }));
    await waitFor(() => expect(api.requests("DELETE /api/api-keys/key-1")).toHaveLength(1));

    await user.click(within(panel()).getByRole("button", { name: "Rotate Repricer" }));
    await user.click(within(panel()).getByRole("button", { name: "Confirm rotate Repricer" }));
    expect((await within(panel()).findByLabelText("New API key")).textContent).toBe(NEW_KEY);
  });

  it("asks before rotating, because the old key stops working at once", async () => {
    const { user, api } = await renderSettings({
      "GET /api/api-keys": json(keyList([keyView()])),
      "POST /api/api-keys/key-1/rotate": json({ key: NEW_KEY, apiKey: keyView({ id: "key-3" }) }, 201),
    });
    await openTab(user, "API Access");
    await user.click(await within(panel()).findByRole("button", { name: "Rotate Repricer" }));

    expect(api.requests("POST /api/api-keys/key-1/rotate")).toHaveLength(0);
    expect(panel().textContent).toContain("Repricer stops working at once");
    // Whoever rotates a key sees the new one, so it becomes theirs (their role, gone when they leave).
    expect(panel().textContent).toContain("a new key replaces it, made by you and shown once");
    await user.click(within(panel()).getByRole("button", { name: "Cancel rotate Repricer" }));
    expect(within(panel()).queryByRole("button", { name: "Confirm rotate Repricer" })).toBeNull();
    expect(api.requests("POST /api/api-keys/key-1/rotate")).toHaveLength(0);

    await user.click(within(panel()).getByRole("button", { name: "Rotate Repricer" }));
    await user.click(within(panel()).getByRole("button", { name: "Confirm rotate Repricer" }));
    await waitFor(() => expect(api.requests("POST /api/api-keys/key-1/rotate")).toHaveLength(1));
  });

  it("allows at most five live keys", async () => {
    const five = [1, 2, 3, 4, 5].map((n) => keyView({ id: `k${n}`, name: `Key ${n}` }));
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList(five)) });
    await openTab(user, "API Access");
    await within(panel()).findByText(/You have 5 live keys, the most allowed/);
    await user.type(within(panel()).getByRole("textbox", { name: "Key name" }), "sixth");
    expect(within(panel()).getByRole<HTMLButtonElement>("button", { name: "Create key" }).disabled).toBe(true);
  });

  it("on a plan without API access, explains that keys come with Pro and lists the disabled keys to revoke", async () => {
    const { user } = await renderSettings({ "GET /api/api-keys": json(keyList([keyView()], { requestsPerHour: null })) });
    await openTab(user, "API Access");
    await within(panel()).findByText(/API keys come with the Pro plan/);
    expect(within(panel()).getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("button", { name: "Create key" })).toBeNull();
    expect(within(panel()).getByRole("button", { name: "Revoke Repricer" })).toBeTruthy();
    expect(within(panel()).queryByRole("button", { name: "Rotate Repricer" })).toBeNull();
  });
});
