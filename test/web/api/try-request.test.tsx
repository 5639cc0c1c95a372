import { afterEach, describe, expect, it, vi } from "vitest";
import { tryRequest } from "../../../web/src/api/openapi";
import { jsonResponse, mockFetch } from "../helpers";

afterEach(() => vi.unstubAllGlobals());

describe("tryRequest (the API docs page's Try it)", () => {
  it("shows a JSON answer pretty-printed", async () => {
    mockFetch(() => jsonResponse({ unread: 2 }));
    await expect(tryRequest("GET", "/api/v1/notifications/unread-count", null)).resolves.toEqual({ status: 200, body: '{\n  "unread": 2\n}' });
  });

  it("shows an export's CSV as its text, not as a failed request", async () => {
    const csv = "\uFEFFASIN,Marketplace\r\nB08N5WRWNW,US\r\n";
    mockFetch(() => new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="ranklayer-alerts-2026-11-28.csv"' } }));
    await expect(tryRequest("GET", "/api/exports/alerts?format=csv", null)).resolves.toEqual({ status: 200, body: "ASIN,Marketplace\r\nB08N5WRWNW,US\r\n" });
  });

  it("names a binary answer (a PDF) by its type and size rather than printing it", async () => {
    mockFetch(() => new Response(new Uint8Array([37, 80, 68, 70, 45]), { headers: { "Content-Type": "application/pdf" } }));
    const result = await tryRequest("GET", "/api/exports/alerts?format=pdf", null);
    expect(result).toEqual({ status: 200, body: "(an application/pdf file of 5 bytes: use the curl example to save it)" });
  });

  it("shows an error answer as sent: its detail and its code", async () => {
    mockFetch(() => jsonResponse({ detail: "No such alert.", code: "not_found" }, 404));
    await expect(tryRequest("DELETE", "/api/v1/alerts/x", null)).resolves.toEqual({ status: 404, body: '{\n  "detail": "No such alert.",\n  "code": "not_found"\n}' });
  });
});
