import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { describe, expect, it } from "vitest";
import type { AppEnv, SignedInAccount } from "../../../worker/env";
import { lazyRoutes, withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { ApiError } from "../../../worker/shared/api-error";

/**
 * A route group loaded on first use must behave exactly as if the app held it: the app's
 * middleware variables, prepared headers, error answers, 404s and role check all still apply.
 * The group is mounted at /api/health so its root has a role rule ("public") and other paths none.
 */
let loads = 0;
const group = new Hono<AppEnv>()
  .get("/", (c) => {
    if (c.req.query("fail")) {
      c.header("Cache-Control", "no-store");
      throw new ApiError(409, "conflict", "Refused inside the group.");
    }
    setCookie(c, "inner", "1");
    c.set("apiKey", { id: "set-inside" });
    return c.json({ workspace: c.get("account")?.workspace.name ?? null, services: typeof c.var.services });
  })
  .get("/unruled", (c) => c.text("should never answer"));

const account = { workspace: { id: "w1", name: "Acme", role: "viewer" } } as unknown as SignedInAccount;

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set("account", account);
    c.set("services", {} as AppEnv["Variables"]["services"]);
    setCookie(c, "outer", "1");
    await next();
    // What the group set is the app's too once it has answered.
    if (c.get("apiKey")) c.header("X-Key-Seen", c.get("apiKey")!.id);
  })
  .route(
    "/api/health",
    lazyRoutes(async () => {
      loads += 1;
      return { group };
    }, "group"),
  )
  .notFound((c) => c.json({ detail: "no such route", code: "not_found" }, 404))
  .onError((error, c) => {
    if (error instanceof ApiError) return c.json({ detail: error.detail, code: error.code }, error.status);
    return c.json({ detail: "internal", code: "internal" }, 500);
  });

describe("a lazily loaded route group", () => {
  it("runs in the caller's request: the app's variables in, the group's variables out, both sides' cookies kept", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ workspace: "Acme", services: "object" });
    expect(res.headers.getSetCookie().map((cookie) => cookie.split(";")[0])).toEqual(expect.arrayContaining(["outer=1", "inner=1"]));
    expect(res.headers.get("X-Key-Seen")).toBe("set-inside");
  });

  it("is loaded once, on its first request", async () => {
    await Promise.all([app.request("/api/health"), app.request("/api/health?fail=1")]);
    await app.request("/api/health/unruled");
    expect(loads).toBe(1);
  });

  it("answers a thrown error through the app's onError, with the headers the route set before throwing", async () => {
    const res = await app.request("/api/health?fail=1");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: "Refused inside the group.", code: "conflict" });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses a route of the group that has no role rule (the role check runs inside the group)", async () => {
    const res = await app.request("/api/health/unruled");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("GET /api/health/unruled has no role rule") });
  });

  it("gives a path the group does not have the app's own 404", async () => {
    const res = await app.request("/api/health", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "no such route", code: "not_found" });
  });

  it("lists the group's routes where it is mounted once expanded (for the OpenAPI documents and route walks)", async () => {
    expect(app.routes.filter((route) => route.method === "GET").map((route) => route.path)).toEqual([]);
    const { routes } = await withLazyRoutes(app);
    expect(routes.filter((route) => route.method === "GET").map((route) => route.path)).toEqual(["/api/health", "/api/health/unruled"]);
  });
});
