import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attachmentName } from "../../../web/src/api/exports";
import { ExportButtons } from "../../../web/src/components/ExportButtons";
import { jsonResponse, mockFetch } from "../helpers";

function renderButtons() {
  render(
    <MemoryRouter>
      <ExportButtons dataset="compare" what="compare" params={{ asins: "B08N5WRWNW", marketplace: "US" }} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("ExportButtons", () => {
  beforeEach(() => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:export"), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("downloads one file at a time: both buttons wait while one export is prepared", async () => {
    let finish!: (response: Response) => void;
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (finish = resolve)));
    const user = renderButtons();

    await user.click(screen.getByRole("button", { name: "Export compare as CSV" }));
    expect(screen.getByRole("status").textContent).toBe("Preparing the file…");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: /Export compare as CSV/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: /Export compare as PDF/ }).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: /Export compare as CSV/ }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/exports/compare?asins=B08N5WRWNW&marketplace=US&format=csv");

    finish(
      new Response("\uFEFFASIN\r\nB08N5WRWNW\r\n", {
        headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="ranklayer-compare-US-2026-11-23.csv"' },
      }),
    );
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Downloaded ranklayer-compare-US-2026-11-23.csv"));
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Export compare as PDF" }).disabled).toBe(false);
  });

  it("says how many of the day's free exports are left after a download, so the 429 is no surprise", async () => {
    mockFetch(
      () =>
        new Response("%PDF-1.7", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="ranklayer-compare-US-2026-11-23.pdf"',
            "RateLimit-Policy": '"day";q=5;w=86400',
            RateLimit: '"day";r=1;t=3600',
          },
        }),
    );
    const user = renderButtons();
    await user.click(screen.getByRole("button", { name: "Export compare as PDF" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Downloaded ranklayer-compare-US-2026-11-23.pdf. 1 of 5 exports left today (UTC)."));
  });

  it("shows the quota refusal with the way to Pro", async () => {
    mockFetch(() => jsonResponse({ detail: "Your Free plan includes 5 exports a day (UTC)." }, 429));
    const user = renderButtons();
    await user.click(screen.getByRole("button", { name: "Export compare as PDF" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your Free plan includes 5 exports a day (UTC).");
    expect(screen.getByRole("link", { name: "See Pro pricing" }).getAttribute("href")).toBe("/pricing");
  });

  it("offers Pro where Pro lifts the refusal (a plan limit), not for a per-minute lookup limit that waiting lifts", async () => {
    mockFetch(() =>
      new Response(JSON.stringify({ detail: "Too many lookups: at most 30 a minute. Try again in 20 seconds." }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "20" },
      }),
    );
    const user = renderButtons();
    await user.click(screen.getByRole("button", { name: "Export compare as CSV" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Try again in 20 seconds.");
    expect(screen.queryByRole("link", { name: "See Pro pricing" })).toBeNull();
  });

  it("offers Pro for a compare beyond the Free plan (403)", async () => {
    mockFetch(() => jsonResponse({ detail: "Your Free plan compares up to 5 ASINs at once; you asked for 6.", code: "plan_limit" }, 403));
    const user = renderButtons();
    await user.click(screen.getByRole("button", { name: "Export compare as PDF" }));
    await screen.findByRole("alert");
    expect(screen.getByRole("link", { name: "See Pro pricing" }).getAttribute("href")).toBe("/pricing");
  });

  it("reads the file name from Content-Disposition", () => {
    expect(attachmentName('attachment; filename="ranklayer-alerts-2026-11-23.pdf"', "x")).toBe("ranklayer-alerts-2026-11-23.pdf");
    expect(attachmentName(null, "fallback.csv")).toBe("fallback.csv");
  });
});
