import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { checkStatus } from "../../../worker/status/checks";
import { withTimeout } from "../../../worker/upstreams/http";
import { STATUS_COMPONENTS, type StatusReport } from "../../../worker/contract/status-components";
import { productSourceStatus, readRecentLookups } from "../../../worker/status/product-source";
import { buildServices } from "../../../worker/services";
import { recordingD1 } from "../support/recording-d1";

const creators = {
  CREATORS_CREDENTIAL_ID: "id",
  CREATORS_CREDENTIAL_SECRET: "secret",
  CREATORS_US_PARTNER_TAG: "tag-20",
};

function statusOf(report: StatusReport, id: string) {
  return report.components.find((c) => c.id === id);
}

describe("GET /api/status", () => {
  it("reports every component; locally all operational, the product source mock and SP-API not active (email: wrangler.toml's binding and sender)", async () => {
    const res = await exports.default.fetch("http://localhost/api/status");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const report = await res.json<StatusReport>();
    expect(report.status).toBe("operational");
    expect(Date.parse(report.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(report.components.map(({ id, name, status }) => ({ id, name, status }))).toEqual([
      { id: "api", name: "API Service", status: "operational" },
      { id: "cache", name: "Cache System", status: "operational" },
      { id: "database", name: "Database", status: "operational" },
      { id: "rate_limiter", name: "Rate Limiter", status: "operational" },
      { id: "product_source", name: "Product Advertising API", status: "mock" },
      { id: "selling_partner", name: "Selling Partner API", status: "not_active" },
      { id: "email", name: "Email", status: "operational" },
    ]);
    expect(report.components.every((c) => c.description.length > 0)).toBe(true);
  });

  it("shows a failing check as a degraded component and the service as degraded, still with 200", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const brokenKv = { get: () => Promise.reject(new Error("KV unavailable")) } as unknown as KVNamespace;
    const res = await app.request("/api/status", {}, { ...env, LOOKUP_CACHE: brokenKv });
    expect(res.status).toBe(200);
    const report = await res.json<StatusReport>();
    expect(report.status).toBe("degraded");
    expect(statusOf(report, "cache")).toMatchObject({ status: "degraded", detail: expect.any(String) });
    expect(statusOf(report, "database")?.status).toBe("operational");
    expect(logged).toHaveBeenCalledWith("status check cache failed", expect.any(Error));
  });

  it("shows a database that fails as degraded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const brokenDb = { prepare: () => { throw new Error("D1 unavailable"); } } as unknown as D1Database;
    const report = await checkStatus(buildServices({ ...env, DB: brokenDb }));
    expect(statusOf(report, "database")?.status).toBe("degraded");
    expect(report.status).toBe("degraded");
  });

  it("shows a check that does not answer in time as degraded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const hangingKv = { get: () => new Promise(() => {}) } as unknown as KVNamespace;
    const report = await checkStatus(buildServices({ ...env, LOOKUP_CACHE: hangingKv }), 50);
    expect(statusOf(report, "cache")?.status).toBe("degraded");
    expect(statusOf(report, "api")?.status).toBe("operational");
  });

  it("reports the product source from recent upstream failures once credentials are set", async () => {
    const operational = await checkStatus(buildServices({ ...env, ...creators }));
    expect(statusOf(operational, "product_source")?.status).toBe("operational");

    const insert = env.DB.prepare(
      "INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms) VALUES ('B000000001', 'US', 503, NULL, 4000)",
    );
    await env.DB.batch([insert, insert, insert]);
    try {
      const failing = await checkStatus(buildServices({ ...env, ...creators }));
      expect(statusOf(failing, "product_source")).toMatchObject({ status: "failing", detail: expect.stringContaining("3 lookups failed") });
      expect(failing.status).toBe("degraded");
    } finally {
      await env.DB.exec("DELETE FROM lookup_log WHERE asin = 'B000000001'");
    }
  });

  it("shows the Selling Partner API operational once LWA and the application id are set", async () => {
    const partial = await checkStatus(buildServices({ ...env, LWA_CLIENT_ID: "c", LWA_CLIENT_SECRET: "s" }));
    expect(statusOf(partial, "selling_partner")?.status).toBe("not_active");
    const configured = await checkStatus(buildServices({ ...env, LWA_CLIENT_ID: "c", LWA_CLIENT_SECRET: "s", SPAPI_APPLICATION_ID: "amzn1.sp.solution.x" }));
    expect(statusOf(configured, "selling_partner")?.status).toBe("operational");
  });

  it("reads the attention table once for both checks that show its refusals, and no seller's rows", async () => {
    const { db, queries: statements } = recordingD1(env.DB);
    const bindings = { ...env, ...creators, DB: db, LWA_CLIENT_ID: "c", LWA_CLIENT_SECRET: "s", SPAPI_APPLICATION_ID: "amzn1.sp.solution.x" };
    const report = await checkStatus(buildServices(bindings));
    expect(statusOf(report, "product_source")?.status).toBe("operational");
    expect(statusOf(report, "selling_partner")?.status).toBe("operational");
    const attentionReads = statements.filter((sql) => sql.includes('"upstream_attention"'));
    expect(attentionReads).toHaveLength(1);
    expect(attentionReads[0]).toContain('"scope" <> ?');
  });

  it("lists the same components the page falls back to", async () => {
    const report = await checkStatus(buildServices(env));
    expect(report.components.map((c) => c.id)).toEqual(STATUS_COMPONENTS.map((c) => c.id));
  });
});

describe("product source status", () => {
  it.each([
    [false, { failures: 9, liveSuccesses: 0 }, "mock"],
    [true, { failures: 0, liveSuccesses: 0 }, "operational"],
    [true, { failures: 2, liveSuccesses: 0 }, "operational"],
    [true, { failures: 3, liveSuccesses: 0 }, "failing"],
    [true, { failures: 3, liveSuccesses: 3 }, "operational"],
    [true, { failures: 10, liveSuccesses: 4 }, "failing"],
  ])("configured %s with %o is %s", (configured, recent, status) => {
    expect(productSourceStatus(configured, recent).status).toBe(status);
  });

  it("counts only the last five minutes of the lookup log", async () => {
    const old = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 minutes')";
    await env.DB.exec(
      `INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms, created_at) VALUES ('B000000002', 'US', 503, NULL, 1, ${old}), ('B000000002', 'US', 503, NULL, 1, ${old})`,
    );
    await env.DB.exec(
      "INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms) VALUES ('B000000002', 'US', 503, NULL, 1), ('B000000002', 'US', 200, 'live', 1), ('B000000002', 'US', 200, 'cache', 1)",
    );
    // A row written for several lookups (one window's of one ASIN and outcome) counts each of them.
    await env.DB.exec(
      "INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms, lookups) VALUES ('B000000002', 'US', 503, NULL, 9, 4), ('B000000002', 'US', 200, 'live', 6, 3), ('B000000002', 'US', 503, 'busy', 2, 2)",
    );
    try {
      expect(await readRecentLookups(env.DB)).toEqual({ failures: 5, liveSuccesses: 4 });
    } finally {
      await env.DB.exec("DELETE FROM lookup_log WHERE asin = 'B000000002'");
    }
  });
});

describe("withTimeout", () => {
  it("passes a prompt answer through and rejects a late one", async () => {
    await expect(withTimeout(Promise.resolve("ok"), 50)).resolves.toBe("ok");
    await expect(withTimeout(new Promise(() => {}), 20)).rejects.toThrow("no answer within 20 ms");
  });
});
