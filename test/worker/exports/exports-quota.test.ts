import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

async function send(method: string, path: string, ip: string) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { method, headers: { "CF-Connecting-IP": ip } }, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the daily export quota counts delivered files only", () => {
  it("a HEAD (a link preview, a download manager's probe) spends no export", async () => {
    const ip = freshIp();
    const head = await send("HEAD", "/api/exports/history?format=csv&asin=B08N5WRWNW", ip);
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const get = await send("GET", "/api/exports/history?format=csv&asin=B08N5WRWNW", ip);
    expect(get.status).toBe(200);
    expect(readRateLimit(get.headers)?.remaining).toBe(4);
  });
});

describe("the history export reads `days` as GET /v1/history does", () => {
  it("exports the days asked for (which win over range), and holds them to the plan", async () => {
    const { proBrowser } = await import("../history/accounts");
    const pro = await proBrowser();
    const res = await pro.request("/api/exports/history?format=csv&asin=B0DAYSEXP1&days=14");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/ranklayer-history-B0DAYSEXP1-US-14d-\d{4}-\d\d-\d\d\.csv/);
    // Anonymous callers get 7 days at most, as from GET /api/history; nothing is counted for a refusal.
    const ip = freshIp();
    const anonymous = await send("GET", "/api/exports/history?format=csv&asin=B0DAYSEXP1&days=14", ip);
    expect(anonymous.status).toBe(401);
    expect(readRateLimit((await send("GET", "/api/exports/history?format=csv&asin=B0DAYSEXP1&days=5", ip)).headers)?.remaining).toBe(4);
  });
});
