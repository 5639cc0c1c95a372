import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { PLAIN_SVG, PNG_1X1 } from "../branding/logo-fixtures";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

/** A workspace's logo lives in R2, outside D1's cascade: it must go with its workspace. */

const upload = async (browser: TestBrowser, bytes: Uint8Array, type: string) => {
  const res = await browser.request("/api/branding/logo", { method: "PUT", body: bytes, headers: { "Content-Type": type } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const logosOf = async (workspaceId: string) => (await env.BRANDING.list({ prefix: `logos/${workspaceId}/` })).objects.map((o) => o.key);

describe("the logos of workspaces that are deleted", () => {
  it("go from R2 with the account: its personal workspace's and those of workspaces only it belonged to", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "logo-leaver@example.com");
    const userId = await userIdOf("logo-leaver@example.com");
    await upload(browser, PNG_1X1, "image/png");
    const created = await browser.json("/api/workspaces", "POST", { name: "Solo Brand" });
    const soloId = (await created.json<WorkspaceList>()).current.id;
    await upload(browser, PLAIN_SVG, "image/svg+xml");
    expect(await logosOf(userId)).toHaveLength(1);
    expect(await logosOf(soloId)).toHaveLength(1);

    const deleted = await browser.json("/api/account", "DELETE", { confirm: "logo-leaver@example.com" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await logosOf(userId)).toEqual([]);
    expect(await logosOf(soloId)).toEqual([]);
  });

  it("goes from R2 with a deleted workspace", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "logo-workspace@example.com");
    const created = await browser.json("/api/workspaces", "POST", { name: "Client Co" });
    const workspaceId = (await created.json<WorkspaceList>()).current.id;
    await upload(browser, PNG_1X1, "image/png");
    expect(await logosOf(workspaceId)).toHaveLength(1);

    const res = await browser.request("/api/workspaces/current", { method: "DELETE" });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await logosOf(workspaceId)).toEqual([]);
  });
});
