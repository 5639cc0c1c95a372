import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { requiredName } from "../../../worker/routes/schemas/required-name";
import { freeBrowser, userIdOf } from "../history/accounts";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/**
 * Names people type reach email headers (a workspace's name is the invitation's subject) and
 * subject lines: CR/LF would start a new header (Bcc:), NUL and bidi overrides garble or disguise
 * it. Such names are refused with a 422 naming the field; one stored before is cleaned when mailed.
 */

const HEADER_INJECTION = "Acme\r\nBcc: victim@evil.example";
const NOT_ONE_LINE = (label: string) => `${label} must be one line of text, without control characters`;

describe("names with control characters", () => {
  it("are refused for a new workspace: 422 on `name`, nothing created", async () => {
    const browser = await freeBrowser();
    const res = await browser.json("/api/workspaces", "POST", { name: HEADER_INJECTION });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: "validation_failed", detail: [{ loc: ["json", "name"], msg: NOT_ONE_LINE("Name"), type: "invalid_format" }] });
    expect((await (await browser.request("/api/workspaces")).json<WorkspaceList>()).workspaces).toHaveLength(1);
  });

  it("are refused when renaming, NUL and a right-to-left override alike; the name stays", async () => {
    const browser = await freeBrowser();
    const before = (await (await browser.request("/api/workspaces")).json<WorkspaceList>()).current.name;
    for (const name of ["a\u0000\u202Eb", "Acme\u202Eexe.gnp", "tab\there"]) {
      const res = await browser.json("/api/workspaces/current", "PATCH", { name });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(await res.json()).toMatchObject({ detail: [{ loc: ["json", "name"], msg: NOT_ONE_LINE("Name") }] });
    }
    expect((await (await browser.request("/api/workspaces")).json<WorkspaceList>()).current.name).toBe(before);
    // Ordinary names, other scripts and surrounding spaces included, still pass.
    expect((await browser.json("/api/workspaces/current", "PATCH", { name: "  Ürün & Co. — العربية  " })).status).toBe(200);
  });

  it("are refused for the onboarding brand name (it names the first seller connection); nothing is stored", async () => {
    const browser = await freeBrowser();
    const res = await browser.json("/api/onboarding", "POST", { marketplace: "US", brandName: "A\u0000B\r\nC" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: "validation_failed", detail: [{ loc: ["json", "brandName"], msg: NOT_ONE_LINE("Brand name"), type: "invalid_format" }] });
    expect(await env.DB.prepare("SELECT brand_name FROM users WHERE id = ?").bind(userIdOf(browser)).first("brand_name")).toBeNull();
    expect((await browser.json("/api/onboarding", "POST", { marketplace: "US", brandName: "Acme" })).status).toBe(200);
  });

  it("are refused by the one name rule of keys and connections too", () => {
    const name = requiredName(80, "x");
    expect(name.safeParse("Nightly\nsync").success).toBe(false);
    expect(name.safeParse(" Nightly sync ").data).toBe("Nightly sync");
  });

  it("stored before the rule, never reach the invitation's headers", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "legacy-owner@names.example");
    const workspaceId = (await (await owner.json("/api/workspaces", "POST", { name: "Legacy" })).json<WorkspaceList>()).current.id;
    await subscribeWorkspace(workspaceId, "pro");
    await env.DB.prepare("UPDATE workspaces SET name = ? WHERE id = ?").bind(HEADER_INJECTION, workspaceId).run();

    expect((await owner.json("/api/workspaces/invitations", "POST", { email: "ana@names.example", role: "analyst" })).status).toBe(201);
    const mail = sent.find((m) => m.to === "ana@names.example")!;
    expect(mail.subject).toBe("Join Acme Bcc: victim@evil.example on RankLayer");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
