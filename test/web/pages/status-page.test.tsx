import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StatusReport } from "@contract/status-components";
import { STATUS_COMPONENTS } from "@contract/status-components";
import { jsonResponse, mockFetch, renderApp } from "../helpers";

const STATUSES = ["operational", "operational", "degraded", "operational", "mock", "not_active", "failing"] as const;
const EMAIL_FIX = "Email Service refused RankLayer's sending address alerts@ranklayer.com (E_SENDER_DOMAIN_NOT_AVAILABLE): onboard ranklayer.com …";

function report(overall: StatusReport["status"] = "degraded"): StatusReport {
  return {
    status: overall,
    checkedAt: "2026-11-22T05:00:00.000Z",
    components: STATUS_COMPONENTS.map((component, i) => ({
      ...component,
      status: STATUSES[i]!,
      ...(component.id === "database" ? { detail: "This check is failing; we are looking into it." } : {}),
      ...(component.id === "email" ? { detail: EMAIL_FIX } : {}),
    })),
  };
}

function componentItem(name: string): HTMLElement {
  return screen.getByRole("heading", { level: 2, name }).closest("li") as HTMLElement;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("/status", () => {
  it("shows each component's state from GET /api/status", async () => {
    const fetchMock = mockFetch(() => jsonResponse(report()));
    renderApp("/status");

    await screen.findByText("Some systems are degraded", { exact: false });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/status");
    expect(within(componentItem("API Service")).getByText("Operational")).toBeTruthy();
    expect(within(componentItem("Cache System")).getByText("Operational")).toBeTruthy();
    const database = componentItem("Database");
    expect(within(database).getByText("Degraded")).toBeTruthy();
    expect(within(database).getByText("This check is failing; we are looking into it.")).toBeTruthy();
    expect(within(componentItem("Rate Limiter")).getByText("Operational")).toBeTruthy();
    expect(within(componentItem("Product Advertising API")).getByText("Mock data")).toBeTruthy();
    const spApi = componentItem("Selling Partner API");
    expect(within(spApi).getByText("Not yet active")).toBeTruthy();
    expect(spApi.textContent).toContain("Phase-2 preview");
    const email = componentItem("Email");
    expect(within(email).getByText("Failing")).toBeTruthy();
    expect(within(email).getByText(EMAIL_FIX)).toBeTruthy();
  });

  it("lists the product source per region, a region without credentials labelled mock", async () => {
    const withRegions = report("operational");
    const source = withRegions.components.find((component) => component.id === "product_source")!;
    source.status = "operational";
    source.regions = [
      { region: "na", marketplaces: ["US", "CA", "MX"], mode: "live", detail: "Live Amazon data in US, CA, MX." },
      { region: "eu", marketplaces: ["UK", "DE", "FR", "IT", "ES"], mode: "mock", detail: "No Creators API credentials for EU." },
      { region: "fe", marketplaces: ["JP"], mode: "mock", detail: "No Creators API credentials for FE." },
    ];
    mockFetch(() => jsonResponse(withRegions));
    renderApp("/status");
    const regions = await screen.findByRole("list", { name: "Product Advertising API by region" });
    expect([...regions.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "NA (US, CA, MX): Live",
      "EU (UK, DE, FR, IT, ES): Mock data (labelled)",
      "FE (JP): Mock data (labelled)",
    ]);
  });

  it("never calls a region live as a whole while some of its stores are on the labelled mock (no partner tag of their own)", async () => {
    const mixed = report("operational");
    const source = mixed.components.find((component) => component.id === "product_source")!;
    source.status = "operational";
    source.regions = [
      { region: "na", marketplaces: ["US", "CA", "MX"], mode: "live", detail: "Live Amazon data in US, CA. Labelled mock data in MX." },
      { region: "eu", marketplaces: ["UK", "DE", "FR", "IT", "ES"], mode: "live", detail: "Live Amazon data in UK." },
      { region: "fe", marketplaces: ["JP"], mode: "mock", detail: "No Creators API credentials for FE." },
    ];
    const entry = (marketplace: string, region: "na" | "eu" | "fe", mode: "live" | "mock" | "needs_attention" | "failing") =>
      ({ marketplace, region, mode, tag: mode === "mock" ? ("none" as const) : ("marketplace" as const), detail: "…" });
    source.marketplaces = [
      entry("US", "na", "live"), entry("CA", "na", "live"), entry("MX", "na", "mock"),
      entry("UK", "eu", "failing"), entry("DE", "eu", "needs_attention"), entry("FR", "eu", "mock"), entry("IT", "eu", "mock"), entry("ES", "eu", "mock"),
      entry("JP", "fe", "mock"),
    ];
    mockFetch(() => jsonResponse(mixed));
    renderApp("/status");
    const regions = await screen.findByRole("list", { name: "Product Advertising API by region" });
    expect([...regions.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "NA (US, CA, MX): Live in US, CA; mock data (labelled) in MX",
      "EU (UK, DE, FR, IT, ES): Live in UK; needs attention in DE; mock data (labelled) in FR, IT, ES",
      "FE (JP): Mock data (labelled)",
    ]);
  });

  it("says all systems are operational when they are", async () => {
    mockFetch(() => jsonResponse(report("operational")));
    renderApp("/status");
    expect((await screen.findByText("All systems operational", { exact: false })).textContent).toContain(
      "checked at 2026-11-22 05:00:00 UTC",
    );
  });

  it("says in its headline when Amazon product data is entirely mock, and not when it is live", async () => {
    mockFetch(() => jsonResponse(report("operational")));
    renderApp("/status");
    expect((await screen.findByText("All systems operational", { exact: false })).textContent).toBe(
      "All systems operational. Amazon product data is in mock mode: lookups show labelled sample data, not live data · checked at 2026-11-22 05:00:00 UTC",
    );
    cleanup();
    const live = report("operational");
    live.components.find((component) => component.id === "product_source")!.status = "operational";
    mockFetch(() => jsonResponse(live));
    renderApp("/status");
    expect((await screen.findByText("All systems operational", { exact: false })).textContent).toBe("All systems operational · checked at 2026-11-22 05:00:00 UTC");
  });

  it("lists the components as unknown when the status call fails, and can check again", async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? Promise.reject(new TypeError("Failed to fetch")) : jsonResponse(report("operational"))));
    const { user } = renderApp("/status");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn't reach the status service");
    for (const { name } of STATUS_COMPONENTS) {
      expect(within(componentItem(name)).getByText("Unknown")).toBeTruthy();
    }

    await user.click(within(alert).getByRole("button", { name: "Check again" }));
    await screen.findByText("All systems operational", { exact: false });
    expect(within(componentItem("API Service")).getByText("Operational")).toBeTruthy();
  });

  it("shows a UTC clock that ticks every second", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date("2026-11-22T23:59:58.000Z"));
    mockFetch(() => jsonResponse(report()));
    renderApp("/status");

    const clock = await screen.findByText("2026-11-22 23:59:58 UTC");
    expect(clock.tagName).toBe("TIME");
    expect(clock.getAttribute("dateTime")).toBe("2026-11-22T23:59:58.000Z");

    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe("2026-11-22 23:59:59 UTC");
    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe("2026-11-23 00:00:00 UTC");
  });
});
