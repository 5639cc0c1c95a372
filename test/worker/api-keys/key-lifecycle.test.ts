import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../worker/api-keys/key-format";
import type { ApiKeyList } from "../../../worker/contract/api-keys";
import { newAsin } from "../support/creators-fake";
import { pastIsolateCopies } from "../support/isolate-copies";
import { createKey, proDemo, sellerOnPlan, setPlan, withKey } from "./support";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

describe("API keys: create, list, use, revoke, rotate", () => {
  it("shows the full key once, stores only its SHA-256, and lists it by prefix", async () => {
    const { browser, userId } = await proDemo();
    const { key, apiKey } = await createKey(browser, "  Repricer  ");
    expect(key).toMatch(/^rl_live_[0-9A-Za-z]{43}$/);
    expect(apiKey).toMatchObject({ name: "Repricer", prefix: key.slice(0, 14), lastUsedAt: null });

    const rows = await env.DB.prepare("SELECT * FROM api_keys WHERE workspace_id = ?").bind(userId).all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    const row = rows.results[0]!;
    expect(row.key_hash).toBe(hashApiKey(key));
    // No column holds the clear key, nor its secret part.
    for (const value of Object.values(row)) expect(String(value)).not.toContain(key.slice(14));

    const list = await (await browser.request("/api/api-keys")).json<ApiKeyList>();
    expect(list).toMatchObject({ maxKeys: 5, requestsPerHour: 1000, planName: "Pro", usedThisHour: 0 });
    expect(list.keys).toEqual([expect.objectContaining({ id: apiKey.id, prefix: apiKey.prefix })]);
    expect(JSON.stringify(list)).not.toContain(key);
  });

  it("authenticates a script with no cookie and no XSRF token, and counts its use", async () => {
    const { browser } = await proDemo();
    const { key, apiKey } = await createKey(browser);
    const asin = newAsin();
    const added = await withKey(key, "/api/v1/watchlist", { method: "POST", body: JSON.stringify({ asin, marketplace: "US" }) });
    expect(added.status, await added.clone().text()).toBe(201);
    const listed = await withKey(key, "/api/v1/watchlist");
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ items: [expect.objectContaining({ asin })], next_cursor: null });
    expect(listed.headers.get("RateLimit-Policy")).toBe('"hour";q=1000;w=3600');
    expect(listed.headers.get("RateLimit")).toMatch(/^"hour";r=\d+;t=\d+$/);
    expect(listed.headers.has("RateLimit-Limit")).toBe(false);
    expect(readRateLimit(listed.headers)!.remaining).toBeLessThan(1000);

    // The same browser's cookie session still needs the XSRF header to write.
    const cookieWrite = await browser.json("/api/v1/watchlist", "POST", { asin: newAsin(), marketplace: "US" }, { omitXsrfHeader: true });
    expect(cookieWrite.status).toBe(403);

    const list = await (await browser.request("/api/api-keys")).json<ApiKeyList>();
    const view = list.keys.find((k) => k.id === apiKey.id)!;
    expect(view.usage.thisHour).toBe(2);
    expect(view.usage.days).toHaveLength(7);
    expect(view.usage.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), requests: 2 });
    expect(view.lastUsedAt).not.toBeNull();
    expect(list.usedThisHour).toBe(2);

    // The hourly limit counts every key of the workspace: revoking this one gives nothing back.
    expect((await browser.request(`/api/api-keys/${apiKey.id}`, { method: "DELETE" })).status).toBe(204);
    const after = await (await browser.request("/api/api-keys")).json<ApiKeyList>();
    expect(after.keys.map((k) => k.id)).not.toContain(apiKey.id);
    expect(after.usedThisHour).toBe(2);
  });

  it("allows at most 5 live keys, refusing a sixth with 403 plan_limit; a revoked key frees a place", async () => {
    const { browser } = await proDemo();
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await createKey(browser, `key ${i}`));
    const sixth = await browser.json("/api/api-keys", "POST", { name: "one too many" });
    expect(sixth.status).toBe(403);
    // A limit of the plans, refused like the others (plan_limit, the limit named); no plan has more keys, so it says how to free one.
    expect(await sixth.json()).toEqual({
      detail: "Your Pro plan allows 5 live API keys per workspace and all 5 are in use; no plan allows more. Revoke one first, or rotate one to replace it.",
      code: "plan_limit",
    });
    expect((await browser.request(`/api/api-keys/${keys[0]!.apiKey.id}`, { method: "DELETE" })).status).toBe(204);
    await createKey(browser, "replacement");
    expect((await browser.json("/api/api-keys", "POST", { name: "" })).status).toBe(422);
  });

  it("answers 401 with a Bearer challenge for a wrong key and for a revoked one, saying which", async () => {
    const { browser } = await proDemo();
    const { key, apiKey } = await createKey(browser);
    const wrong = await withKey(`rl_live_${"x".repeat(43)}`, "/api/v1/alerts");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    expect(await wrong.json()).toEqual({ detail: "Wrong API key: no such key exists.", code: "unauthenticated" });
    const garbage = await withKey("not-a-key", "/api/v1/alerts");
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toEqual({ detail: expect.stringMatching(/^Wrong API key/), code: "unauthenticated" });
    // A key cut short in copying is told what a whole key looks like, not that it is no RankLayer key.
    const cut = await withKey(key.slice(0, -3), "/api/v1/alerts");
    expect(cut.status).toBe(401);
    expect(await cut.json()).toEqual({
      detail: "Wrong API key: a RankLayer key is rl_live_ and 43 letters and digits (51 characters); this one has 48. Check it was copied whole.",
      code: "unauthenticated",
    });

    expect((await withKey(key, "/api/v1/alerts")).status).toBe(200);
    expect((await browser.request(`/api/api-keys/${apiKey.id}`, { method: "DELETE" })).status).toBe(204);
    const revoked = await withKey(key, "/api/v1/alerts");
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    expect(await revoked.json()).toEqual({ detail: expect.stringMatching(/^This API key was revoked at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/), code: "unauthenticated" });
    expect((await browser.request(`/api/api-keys/${apiKey.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("a key sent other than as `Bearer <key>` is refused with a 401 saying how to send it, never read as no key", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    for (const header of [key, `Token ${key}`, `Bearer ${key} ${key}`, "Bearer", "Bearer   "]) {
      const res = await SELF.fetch("https://ranklayer.test/api/v1/watchlist", { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.headers.get("WWW-Authenticate"), header).toMatch(/^Bearer /);
      expect(await res.json(), header).toEqual({ detail: "Send the API key as `Authorization: Bearer rl_live_…` (one key, nothing else).", code: "unauthenticated" });
    }
    // An export too: a lookup or export under a misspelt header must not run as an anonymous caller.
    const exported = await SELF.fetch("https://ranklayer.test/api/exports/alerts?format=csv", { headers: { Authorization: key } });
    expect(exported.status).toBe(401);
    // Another scheme without a RankLayer key (a proxy's Basic auth) stays unread, as before.
    const basic = await SELF.fetch("https://ranklayer.test/api/v1/compare/plan", { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(200);
  });

  it("a call to /api/v1 without a key is told to send one, not to sign in to the web app", async () => {
    const SEND_A_KEY = "This needs an API key: send it as `Authorization: Bearer rl_live_…` (Settings → API Access on a plan with API access).";
    for (const [method, path] of [["GET", "/api/v1/watchlist"], ["GET", "/api/v1/alerts"], ["GET", "/api/v1/notifications"], ["GET", "/api/v1/notifications/unread-count"]] as const) {
      const res = await SELF.fetch(`https://ranklayer.test${path}`, { method });
      expect(res.status, path).toBe(401);
      expect(res.headers.get("WWW-Authenticate"), path).toMatch(/^Bearer /);
      expect(await res.json(), path).toEqual({ detail: SEND_A_KEY, code: "unauthenticated" });
    }
  });

  it("rotates: a new key under the same name, the old one revoked at once", async () => {
    const { browser } = await proDemo();
    const old = await createKey(browser, "nightly sync");
    const res = await browser.request(`/api/api-keys/${old.apiKey.id}/rotate`, { method: "POST" });
    expect(res.status).toBe(201);
    const fresh = await res.json<{ key: string; apiKey: { name: string; id: string } }>();
    expect(fresh.apiKey.name).toBe("nightly sync");
    expect(fresh.key).not.toBe(old.key);
    expect((await withKey(old.key, "/api/v1/notifications")).status).toBe(401);
    expect((await withKey(fresh.key, "/api/v1/notifications")).status).toBe(200);
  });

  it("a revocation made elsewhere (another isolate) takes effect here once the short key cache lapses", async () => {
    const { browser } = await proDemo();
    const { key, apiKey } = await createKey(browser);
    expect((await withKey(key, "/api/v1/watchlist")).status).toBe(200);
    // Revoked straight in D1, as another isolate would: this isolate's cache is not told.
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), apiKey.id).run();
    pastIsolateCopies();
    expect((await withKey(key, "/api/v1/watchlist")).status).toBe(401);
  });

  it("keys cannot manage keys", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const res = await withKey(key, "/api/api-keys", { method: "POST", body: JSON.stringify({ name: "x" }) });
    // Issue 25: refused as a session-only route (401), before the key is even looked up.
    expect(res.status).toBe(401);
  });
});

describe("API keys and plans", () => {
  it("a Free account cannot create a key (403)", async () => {
    const { browser } = await sellerOnPlan("free");
    const res = await browser.json("/api/api-keys", "POST", { name: "mine" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/^API keys come with the Pro plan/), code: "plan_limit" });
  });

  it("a downgrade disables the keys (403, kept in D1) and a re-upgrade enables them again", async () => {
    const { browser, userId } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    expect((await withKey(key, "/api/v1/alerts")).status).toBe(200);

    await setPlan(userId, "free");
    pastIsolateCopies();
    const disabled = await withKey(key, "/api/v1/alerts");
    expect(disabled.status).toBe(403);
    expect(await disabled.json()).toEqual({ detail: expect.stringMatching(/^This API key is disabled: the account is on the Free plan/), code: "plan_limit" });
    const kept = await env.DB.prepare("SELECT revoked_at FROM api_keys WHERE workspace_id = ?").bind(userId).first();
    expect(kept).toEqual({ revoked_at: null });

    await setPlan(userId, "pro");
    pastIsolateCopies();
    expect((await withKey(key, "/api/v1/alerts")).status).toBe(200);
  });

  it("deleting the user deletes its keys", async () => {
    const { browser, userId } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(userId).run();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE key_hash = ?").bind(hashApiKey(key)).first();
    expect(left).toEqual({ n: 0 });
  });
});
