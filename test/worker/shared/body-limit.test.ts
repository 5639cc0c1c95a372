import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../../worker/shared/body-limit";

const XSRF = { Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t", "Content-Type": "application/json" };

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return exports.default.fetch(`http://localhost${path}`, { method: "POST", headers: { ...XSRF, ...headers }, body });
}

describe("the /api body limit", () => {
  it.each(["/api/contact", "/api/alerts", "/api/auth/demo", "/api/no-such-route"])("answers 413 with detail to a body over 64 kB on %s", async (path) => {
    const huge = JSON.stringify({ name: "x".repeat(DEFAULT_BODY_LIMIT_BYTES) });
    const res = await post(path, huge, { "CF-Connecting-IP": "198.51.100.200" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "The request body is too large: at most 64 kB is accepted.", code: "payload_too_large" });
  });

  it("cuts off a streamed body without Content-Length at the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await post("/api/contact", stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ detail: expect.stringContaining("too large") });
    // Reading stopped well before the 10 MB were sent.
    expect(sent).toBeLessThan(5 * 1024 * 1024);
  });

  it("lets a body under the limit through to the route's own validation", async () => {
    const res = await post("/api/contact", JSON.stringify({ name: "x".repeat(1000) }), { "CF-Connecting-IP": "198.51.100.201" });
    expect(res.status).toBe(422);
  });
});
