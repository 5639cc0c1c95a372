import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertView } from "../../../worker/contract/alerts";
import type { ApiKeyList, CreatedApiKey } from "../../../worker/contract/api-keys";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { proDemo, withKey, createKey } from "../api-keys/support";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { userIdOf } from "../history/accounts";
import { app } from "../../../worker/app";
import { IDEMPOTENT_CREATES } from "../../../worker/routes/idempotent-creates";

const RULE = { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" };

async function demoUser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

function post(browser: TestBrowser, path: string, body: unknown, key?: string): Promise<Response> {
  return browser.request(path, { method: "POST", body: JSON.stringify(body), headers: key === undefined ? {} : { "Idempotency-Key": key } });
}

async function alerts(browser: TestBrowser): Promise<AlertView[]> {
  return (await (await browser.request("/api/alerts")).json<{ alerts: AlertView[] }>()).alerts;
}

describe("a create request with an Idempotency-Key", () => {
  it("answered again for a retry with the same key and body: the first answer, replayed, and one alert", async () => {
    const browser = await demoUser();
    const first = await post(browser, "/api/alerts", RULE, "k-1");
    expect(first.status, await first.clone().text()).toBe(201);
    const retry = await post(browser, "/api/alerts", RULE, "k-1");

    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await alerts(browser)).toHaveLength(1);
  });

  it("is refused (422, saying why) when the key comes back with another body; nothing is created", async () => {
    const browser = await demoUser();
    expect((await post(browser, "/api/alerts", RULE, "k-2")).status).toBe(201);

    const other = await post(browser, "/api/alerts", { ...RULE, threshold: 900 }, "k-2");

    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      detail: [
        {
          loc: ["header", "Idempotency-Key"],
          msg: "This Idempotency-Key was already used for another request (another body or route) in the last 24 hours: send a new key for a new request.",
          type: "idempotency_key_reused",
        },
      ],
      code: "validation_failed",
    });
    expect(await alerts(browser)).toHaveLength(1);
  });

  it("changes nothing without the header: a second identical alert is a 409, as before", async () => {
    const browser = await demoUser();
    expect((await post(browser, "/api/alerts", RULE)).status).toBe(201);
    expect((await post(browser, "/api/alerts", RULE)).status).toBe(409);
  });

  it("remembers only a create that passed: a refused one can be sent again under its key", async () => {
    const browser = await demoUser();
    const refused = await post(browser, "/api/alerts", { ...RULE, threshold: -1 }, "k-3");
    expect(refused.status).toBe(422);

    const fixed = await post(browser, "/api/alerts", RULE, "k-3");

    expect(fixed.status, await fixed.clone().text()).toBe(201);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps each account's keys apart", async () => {
    const one = await demoUser();
    const two = await demoUser();
    const first = await (await post(one, "/api/alerts", RULE, "shared-key")).json<{ alert: AlertView }>();
    const second = await post(two, "/api/alerts", RULE, "shared-key");

    expect(second.status).toBe(201);
    expect((await second.json<{ alert: AlertView }>()).alert.id).not.toBe(first.alert.id);
  });

  it("forgets a key after 24 hours: the same request then runs again", async () => {
    const browser = await demoUser();
    expect((await post(browser, "/api/alerts", RULE, "k-old")).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 25 * 3_600_000).toISOString(), userIdOf(browser)).run();

    const later = await post(browser, "/api/alerts", RULE, "k-old");

    expect(later.status).toBe(409);
  });

  it("answers 409 with Retry-After while the first request with the key is still running", async () => {
    const browser = await demoUser();
    expect((await post(browser, "/api/alerts", RULE, "k-busy")).status).toBe(201);
    // As if the first request were still at work: claimed, no answer stored yet.
    await env.DB.prepare("UPDATE idempotency_keys SET status = NULL, body = NULL, created_at = ? WHERE user_id = ?").bind(new Date().toISOString(), userIdOf(browser)).run();

    const retry = await post(browser, "/api/alerts", RULE, "k-busy");

    expect(retry.status).toBe(409);
    expect(retry.headers.get("Retry-After")).toBe("1");
    expect(await retry.json()).toEqual({
      detail: "A request with this Idempotency-Key is still being processed: retry in a moment for its answer.",
      code: "conflict",
    });
  });

  it("refuses a key that is empty, too long or not printable ASCII", async () => {
    const browser = await demoUser();
    for (const key of ["", "x".repeat(256), "two words"]) {
      const res = await browser.request("/api/alerts", { method: "POST", body: JSON.stringify(RULE), headers: { "Idempotency-Key": key } });
      expect(res.status, JSON.stringify(key)).toBe(422);
      expect(await res.json(), key).toMatchObject({ code: "validation_failed", detail: [{ loc: ["header", "Idempotency-Key"], type: "invalid_idempotency_key" }] });
    }
    expect(await alerts(browser)).toHaveLength(0);
  });

  it("replays a watchlist add as added (201), not as already there", async () => {
    const browser = await demoUser();
    const entry = { asin: "B08N5WRWNW", marketplace: "US" };
    expect((await post(browser, "/api/watchlist", entry, "w-1")).status).toBe(201);
    expect((await post(browser, "/api/watchlist", entry, "w-1")).status).toBe(201);
    expect((await post(browser, "/api/watchlist", entry, "w-2")).status).toBe(200);
  });

  it("gives a retried API key creation the one key it made, not a second key", async () => {
    const { browser, userId } = await proDemo();
    const first = await (await post(browser, "/api/api-keys", { name: "CI" }, "key-1")).json<CreatedApiKey>();
    const retry = await post(browser, "/api/api-keys", { name: "CI" }, "key-1");

    expect(await retry.json<CreatedApiKey>()).toEqual(first);
    // What is kept says nothing without the Idempotency-Key: neither the key nor the new API key in clear.
    const rows = await env.DB.prepare("SELECT key, body FROM idempotency_keys WHERE user_id = ?").bind(userId).all<{ key: string; body: string }>();
    expect(rows.results).toHaveLength(1);
    for (const row of rows.results) {
      expect(row.key).not.toBe("key-1");
      expect(row.body).not.toContain(first.key);
    }
    const list = await (await browser.request("/api/api-keys")).json<ApiKeyList>();
    expect(list.keys).toHaveLength(1);
  });

  it("works for API-key callers on /api/v1 too", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const send = () => withKey(key, "/api/v1/alerts", { method: "POST", body: JSON.stringify(RULE), headers: { "Idempotency-Key": "v1-1" } });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(201);
    const retry = await send();

    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await alerts(browser)).toHaveLength(1);
  });

  it("is declared in the OpenAPI document on the create operations only", async () => {
    const browser = new TestBrowser(demoEnv());
    const document = await (await browser.request("/api/openapi.json")).json<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>> }>();
    const names = (path: string, method: string) => (document.paths[path]?.[method]?.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`);

    expect(names("/v1/alerts", "post")).toContain("header:Idempotency-Key");
    expect(names("/v1/watchlist", "post")).toContain("header:Idempotency-Key");
    expect(names("/v1/alerts/{id}", "patch")).not.toContain("header:Idempotency-Key");
    expect(names("/v1/lookup", "get")).not.toContain("header:Idempotency-Key");
    const created = document.paths["/v1/alerts"]!.post!.responses;
    expect(Object.keys(created["201"]!.headers ?? {})).toContain("Idempotent-Replayed");
    expect(created["409"]!.description).toContain("Idempotency-Key");
  });

  it("replays a workspace creation, though the first one switched the session to the new workspace", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "idempotent-owner@example.com");
    const first = await post(browser, "/api/workspaces", { name: "Client Co" }, "ws-1");
    expect(first.status, await first.clone().text()).toBe(201);

    const retry = await post(browser, "/api/workspaces", { name: "Client Co" }, "ws-1");

    expect(retry.status, await retry.clone().text()).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    const { workspaces } = await (await browser.request("/api/workspaces")).json<{ workspaces: { name: string }[] }>();
    expect(workspaces.filter((workspace) => workspace.name === "Client Co")).toHaveLength(1);
  });

  it("is checked in the lazy groups, which hold every create that takes a key (the app's own routes, a lookup's, never meet it)", () => {
    const eager = app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`);
    expect(eager).toContain("GET /api/v1/lookup");
    expect(eager.filter((route) => IDEMPOTENT_CREATES.has(route))).toEqual([]);
  });
});
