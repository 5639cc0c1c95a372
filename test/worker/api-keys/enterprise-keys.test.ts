import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pastIsolateCopies } from "../support/isolate-copies";
import { createKey, sellerOnPlan, setPlan, withKey } from "./support";

const policyOf = async (key: string) => {
  const res = await withKey(key, "/api/v1/watchlist");
  expect(res.status).toBe(200);
  return res.headers.get("RateLimit-Policy");
};

describe("Enterprise includes API keys", () => {
  it("a Pro account with keys moves to Enterprise (10,000/h, or the assignment's limit) and back to Pro (1,000/h)", async () => {
    const { browser, userId } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    expect(await policyOf(key)).toBe('"hour";q=1000;w=3600');

    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'contract 42')").bind(userId).run();
    pastIsolateCopies();
    expect(await policyOf(key)).toBe('"hour";q=10000;w=3600');

    await env.DB.prepare("UPDATE enterprise_assignments SET api_requests_per_hour = 50000 WHERE workspace_id = ?").bind(userId).run();
    pastIsolateCopies();
    expect(await policyOf(key)).toBe('"hour";q=50000;w=3600');

    await env.DB.prepare("DELETE FROM enterprise_assignments WHERE workspace_id = ?").bind(userId).run();
    pastIsolateCopies();
    expect(await policyOf(key)).toBe('"hour";q=1000;w=3600');
  });

  it("an Enterprise account without any subscription creates keys too", async () => {
    const { browser, userId } = await sellerOnPlan("free");
    await setPlan(userId, "free");
    expect((await browser.json("/api/api-keys", "POST", { name: "before" })).status).toBe(403);
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id) VALUES (?)").bind(userId).run();
    const { key } = await createKey(browser, "enterprise");
    expect((await withKey(key, "/api/v1/watchlist")).status).toBe(200);
  });
});
