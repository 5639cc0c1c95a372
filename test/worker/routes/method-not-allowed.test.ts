import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allowedMethods } from "../../../worker/routes/route-permissions";

const call = (method: string, path: string) => exports.default.fetch(`http://localhost${path}`, { method });

describe("a method a path does not take", () => {
  it("answers 405 with the path's methods in Allow, not 'No API route'", async () => {
    const res = await call("GET", "/api/signin/email");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(await res.json()).toEqual({ detail: "GET is not a method of /api/signin/email: it takes POST.", code: "method_not_allowed" });
    const options = await call("OPTIONS", "/api/v1/watchlist");
    expect([options.status, options.headers.get("Allow")]).toEqual([405, "GET, HEAD, POST"]);
  });

  it("matches a path's parameters, and keeps 404 for a path no route has", async () => {
    expect(allowedMethods("/api/alerts/a1b2")).toEqual(["DELETE", "PATCH"]);
    expect(allowedMethods("/api/alerts/a1b2/extra")).toEqual([]);
    const res = await call("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });

  it("still meets the XSRF and Origin checks first on a state-changing method", async () => {
    expect((await call("PUT", "/api/v1/watchlist")).status).toBe(403);
  });
});
