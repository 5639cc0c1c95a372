import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import type { StatusReport } from "../../../worker/contract/status-components";
import type { Bindings } from "../../../worker/env";
import { fakeEmailBinding } from "../notifications/support";
import { askForEmail, emailEnv } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

/**
 * Email Service refuses a sending address whose domain is not onboarded on the account (the fake
 * binding's account has ranklayer.example only here). No user's address is at fault and every email
 * from it fails, so /status says so under Email, with what the operator must do, until an email
 * from that address is accepted again.
 */

const ONBOARDED = ["ranklayer.example"];
const UNBOARDED_SENDER = "signin@unboarded.example";

async function emailStatus(bindings: Bindings) {
  const report = await (await app.request("/api/status", {}, bindings)).json<StatusReport>();
  return { overall: report.status, email: report.components.find((component) => component.id === "email")! };
}

describe("/status's Email component", () => {
  it("is failing once Email Service refuses the sending address, says what to do, and clears at its next accepted email", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refusing = emailEnv({ ALERT_EMAIL: fakeEmailBinding(0, {}, ONBOARDED).binding, ALERT_EMAIL_FROM: UNBOARDED_SENDER }).bindings;
    expect((await emailStatus(refusing)).email.status).toBe("operational");

    // The person asking is told it is ours to fix, not to try again in a minute.
    const asked = await askForEmail(new TestBrowser(refusing), "ada@status.example");
    expect(asked.status).toBe(503);
    expect(asked.headers.get("Retry-After")).toBe("600");
    expect(await asked.json()).toEqual({ code: "upstream_unavailable", detail: expect.stringContaining("the email service refuses our sending address, which is ours to put right (see /status)") });
    const refused = await emailStatus(refusing);
    expect(refused.overall).toBe("degraded");
    expect(refused.email).toMatchObject({ status: "failing", detail: expect.stringContaining(`sending address ${UNBOARDED_SENDER} (E_SENDER_DOMAIN_NOT_AVAILABLE)`) });
    expect(refused.email.detail).toContain("onboard unboarded.example");
    expect(refused.email.detail).toContain("set ALERT_EMAIL_FROM");

    // The operator onboards the domain: the next email from the address goes out, and the row goes with it.
    const onboarded = fakeEmailBinding(0, {}, [...ONBOARDED, "unboarded.example"]);
    const fixed = { ...refusing, ALERT_EMAIL: onboarded.binding };
    expect((await askForEmail(new TestBrowser(fixed), "bo@status.example")).status).toBe(202);
    expect(onboarded.sent.map((message) => message.to)).toEqual(["bo@status.example"]);
    expect(await emailStatus(fixed)).toMatchObject({ overall: "operational", email: { status: "operational" } });
  });

  it("no longer shows a refused address once the setting names another", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refusing = emailEnv({ ALERT_EMAIL: fakeEmailBinding(0, {}, ONBOARDED).binding, ALERT_EMAIL_FROM: "alerts@elsewhere.example" }).bindings;
    expect((await askForEmail(new TestBrowser(refusing), "cy@status.example")).status).toBe(503);
    expect((await emailStatus(refusing)).email.status).toBe("failing");
    expect((await emailStatus({ ...refusing, ALERT_EMAIL_FROM: "alerts@ranklayer.example" })).email.status).toBe("operational");
  });

  it("is degraded when only the contact form's sender is refused: users' own email still goes out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const bindings = {
      ...emailEnv({ ALERT_EMAIL: fakeEmailBinding(0, {}, ONBOARDED).binding }).bindings,
      CONTACT_EMAIL: fakeEmailBinding(0, {}, ONBOARDED).binding,
      CONTACT_EMAIL_FROM: "form@contact-unboarded.example",
      CONTACT_EMAIL_TO: "partners@ranklayer.example",
    };
    const ctx = createExecutionContext();
    const posted = await app.request(
      "/api/contact",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.250", Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t" },
        body: JSON.stringify({ name: "Ada Lovelace", email: "ada@example.com", message: "Let's partner on reports." }),
      },
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(posted.status).toBe(200);
    expect((await emailStatus(bindings)).email).toMatchObject({ status: "degraded", detail: expect.stringContaining("set CONTACT_EMAIL_FROM") });
  });

  it("is not active without a sender", async () => {
    expect((await emailStatus({ ...env, ALERT_EMAIL_FROM: "" })).email).toMatchObject({ status: "not_active", detail: expect.stringContaining("ALERT_EMAIL_FROM") });
  });
});
