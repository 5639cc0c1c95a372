import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { BrandingResponse } from "../../../worker/contract/branding";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { PLAIN_SVG, PNG_1X1, svg } from "./logo-fixtures";

const bindings = demoEnv();

const upload = (browser: TestBrowser, bytes: Uint8Array, type: string) =>
  browser.request("/api/branding/logo", { method: "PUT", body: bytes, headers: { "Content-Type": type } });

describe("/api/branding", () => {
  it("starts empty, then saves a name and a colour; a light colour is refused with a detail", async () => {
    const browser = await freeBrowserWith(bindings);
    expect(await (await browser.request("/api/branding")).json()).toEqual({ display_name: null, accent_color: null, logo: null, can_edit: true });
    const saved = await browser.json("/api/branding", "PUT", { display_name: " Acme  Agency ", accent_color: "#1D4ED8" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ display_name: "Acme Agency", accent_color: "#1d4ed8" });

    const light = await browser.json("/api/branding", "PUT", { accent_color: "#fafafa" });
    expect(light.status).toBe(422);
    const { detail } = await light.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(detail[0]).toMatchObject({ loc: ["body", "accent_color"], msg: expect.stringContaining("too light for white text") });
    // Left out stays; null clears.
    const cleared = await browser.json("/api/branding", "PUT", { accent_color: null });
    expect(await cleared.json()).toMatchObject({ display_name: "Acme Agency", accent_color: null });
  });

  it("stores a PNG in R2 and serves it as an image only; a new upload replaces (and deletes) the old one", async () => {
    const browser = await freeBrowserWith(bindings);
    const workspaceId = userIdOf(browser);
    const res = await upload(browser, PNG_1X1, "image/png");
    expect(res.status, await res.clone().text()).toBe(200);
    const { logo } = await res.json<BrandingResponse>();
    expect(logo).toMatchObject({ type: "image/png", bytes: PNG_1X1.byteLength });
    const logoId = logo!.url.split("/").at(-1)!;
    const stored = await env.BRANDING.get(`logos/${workspaceId}/${logoId}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG_1X1);

    // Public (an email client has no session): the bytes, typed, nosniff, nothing may run.
    const served = await new TestBrowser(bindings).request(new URL(logo!.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);

    const second = await (await upload(browser, PLAIN_SVG, "image/svg+xml")).json<BrandingResponse>();
    expect(second.logo?.type).toBe("image/svg+xml");
    expect(await env.BRANDING.get(`logos/${workspaceId}/${logoId}`)).toBeNull();
    expect((await new TestBrowser(bindings).request(new URL(logo!.url).pathname)).status).toBe(404);
    const svgServed = await new TestBrowser(bindings).request(new URL(second.logo!.url).pathname);
    expect(svgServed.headers.get("Content-Type")).toBe("image/svg+xml");

    const removed = await browser.request("/api/branding/logo", { method: "DELETE" });
    expect((await removed.json<BrandingResponse>()).logo).toBeNull();
    expect((await env.BRANDING.list({ prefix: `logos/${workspaceId}/` })).objects).toHaveLength(0);
  });

  it("refuses a logo too big (413, past the API's 64 kB cap only at 256 kB), of another type (415), or script-bearing (422)", async () => {
    const browser = await freeBrowserWith(bindings);
    const large = new Uint8Array(200 * 1024);
    large.set(PNG_1X1);
    // 200 kB is within the logo's own cap: the 64 kB API cap does not apply here (it is a PNG by signature, so it is kept).
    expect((await upload(browser, large, "image/png")).status).toBe(200);
    const tooBig = await upload(browser, new Uint8Array(256 * 1024 + 1), "image/png");
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json<{ detail: string }>()).detail).toBe("The logo is larger than 256 kB.");
    // Another declared type is refused as such, whatever the bytes are (api.md: 415).
    const jpeg = await upload(browser, PNG_1X1, "image/jpeg");
    expect(jpeg.status).toBe(415);
    expect(await jpeg.json()).toEqual({ code: "unsupported_media_type", detail: "The logo must be a PNG (image/png) or an SVG (image/svg+xml)." });
    const script = await upload(browser, svg("<script>alert(document.cookie)</script>"), "image/svg+xml");
    expect(script.status).toBe(422);
    expect(JSON.stringify(await script.json())).toContain("a script element");
    // Other routes keep the 64 kB cap.
    const big = await browser.request("/api/branding", { method: "PUT", body: JSON.stringify({ display_name: "x".repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
  });

  it("needs a session and the XSRF token", async () => {
    const anonymous = new TestBrowser(bindings);
    expect((await anonymous.request("/api/branding")).status).toBe(401);
    const browser = await freeBrowserWith(bindings);
    const noToken = await browser.request("/api/branding/logo", { method: "PUT", body: PNG_1X1, headers: { "Content-Type": "image/png" }, omitXsrfHeader: true });
    expect(noToken.status).toBe(403);
    expect((await new TestBrowser(bindings).request("/api/branding/logo/0123456789abcdef0123456789abcdef")).status).toBe(404);
  });
});
