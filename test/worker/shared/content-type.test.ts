import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const XSRF = { Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t" };

describe("a body sent with a Content-Type the route does not read", () => {
  it.each([
    ["/api/contact", "text/plain", JSON.stringify({ name: "Ana", email: "ana@example.com", message: "Hello there, a question." })],
    ["/api/contact", "application/x-www-form-urlencoded", "name=Ana&email=ana%40example.com&message=Hello"],
  ])("answers 415 with its own code and a detail that names JSON (%s, sent as %s)", async (path, type, body) => {
    const res = await exports.default.fetch(`http://localhost${path}`, { method: "POST", headers: { ...XSRF, "Content-Type": type, "CF-Connecting-IP": "198.51.100.201" }, body });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ detail: expect.stringContaining("Content-Type: application/json"), code: "unsupported_media_type" });
  });
});
