import { describe, expect, it } from "vitest";
import { createAlert } from "../../../web/src/api/alerts";
import { createApiKey } from "../../../web/src/api/api-keys";
import { addRecipient } from "../../../web/src/api/branding";
import { addToWatchlist } from "../../../web/src/api/watchlist";
import { createWorkspace, inviteMember } from "../../../web/src/api/workspaces";
import type { NewAlert } from "@contract/alerts";
import { fakeApi, json, offline, sequence } from "../seller/fake-api";

const RULE = { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US", channels: ["in_app"] } as unknown as NewAlert;
const TIMED_OUT = json({ detail: "The server took too long to answer." }, 504);
const keyOf = (request: { headers: Headers }) => request.headers.get("Idempotency-Key");

describe("the web app's creates and their Idempotency-Key", () => {
  it("sends one with a create, and the same one with its retry after a failure that may have passed", async () => {
    const api = fakeApi({ "POST /api/alerts": sequence(TIMED_OUT, json({ alert: { id: "a1" } }, 201)) });

    await expect(createAlert(RULE)).rejects.toMatchObject({ status: 504 });
    await createAlert(RULE);

    const [first, retry] = api.requests("POST /api/alerts");
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));
  });

  it("keeps the key across a network failure too, and for an add to the watchlist", async () => {
    const api = fakeApi({ "POST /api/watchlist": sequence(offline(), json({}, 201)) });
    const entry = { asin: "B08N5WRWNW", marketplace: "US" } as const;

    await expect(addToWatchlist(entry)).rejects.toThrow();
    await addToWatchlist(entry);

    const [first, retry] = api.requests("POST /api/watchlist");
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));
  });

  it("takes a new key for a new action: after an answer, or for other input", async () => {
    const api = fakeApi({ "POST /api/alerts": sequence(json({ alert: { id: "a1" } }, 201), json({ detail: "Bad threshold", code: "validation_failed" }, 422), json({ alert: { id: "a2" } }, 201), json({ alert: { id: "a3" } }, 201)) });

    await createAlert(RULE);
    await expect(createAlert(RULE)).rejects.toMatchObject({ status: 422 });
    await createAlert(RULE);
    await createAlert({ ...RULE, threshold: 900 });

    const keys = api.requests("POST /api/alerts").map(keyOf);
    expect(keys.every((key) => key !== null)).toBe(true);
    expect(new Set(keys).size).toBe(4);
  });

  it("keeps the key while the server says the first request is still running (409 with Retry-After)", async () => {
    const running = () => new Response(JSON.stringify({ detail: "still being processed", code: "conflict" }), { status: 409, headers: { "Content-Type": "application/json", "Retry-After": "1" } });
    const api = fakeApi({ "POST /api/api-keys": sequence(running, json({ id: "k1", key: "rl_live_x" }, 201)) });

    await expect(createApiKey("CI")).rejects.toMatchObject({ status: 409 });
    await createApiKey("CI");

    const [first, retry] = api.requests("POST /api/api-keys");
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));
  });

  it("sends one with every create of the app: workspace, invitation, report recipient", async () => {
    const api = fakeApi({
      "POST /api/workspaces": json({ workspaces: [] }, 201),
      "POST /api/workspaces/invitations": json({ id: "i1" }, 201),
      "POST /api/branding/recipients": json({ recipients: [] }, 201),
    });

    await createWorkspace("Acme");
    await inviteMember("a@example.com", "analyst");
    await addRecipient("b@example.com");

    for (const route of ["POST /api/workspaces", "POST /api/workspaces/invitations", "POST /api/branding/recipients"]) {
      expect(keyOf(api.requests(route)[0]!), route).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
