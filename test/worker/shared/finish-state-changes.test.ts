import { env } from "cloudflare:test";
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { finishStateChanges } from "../../../worker/shared/finish-state-changes";
import { fakeEmailBinding } from "../notifications/support";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { clearOfHourEnd } from "../support/minute-window";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/**
 * Workers cancel a request's pending I/O when its client hangs up, unless the work is under the
 * request's waitUntil. A state-changing request's work is, so a closed tab (or Stripe giving up on
 * a webhook) cannot stop it between two steps; a read's is not.
 */

/** An execution context that keeps what it is given, each with whether it has settled. */
function keepingContext() {
  const kept: Array<{ settled: boolean; promise: Promise<unknown> }> = [];
  const context = {
    waitUntil(promise: Promise<unknown>) {
      const entry = { settled: false, promise };
      promise.then(
        () => (entry.settled = true),
        () => (entry.settled = true),
      );
      kept.push(entry);
    },
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  return { context, kept, pending: () => kept.filter((entry) => !entry.settled) };
}

/** A gate a fake step waits at: `entered` once it is reached, and it goes on at `open()`. */
function gate() {
  const reached = Promise.withResolvers<void>();
  const opened = Promise.withResolvers<void>();
  return { entered: reached.promise, open: () => opened.resolve(), pass: () => (reached.resolve(), opened.promise) };
}

describe("the middleware", () => {
  const app = (step: Promise<void>) =>
    new Hono()
      .use(finishStateChanges)
      .get("/read", async (c) => (await step, c.text("read")))
      .post("/change", async (c) => (await step, c.text("changed")));

  it("keeps a state-changing request's work alive until the handler has ended", async () => {
    const step = gate();
    const { context, pending } = keepingContext();
    const answer = app(step.pass()).request("/change", { method: "POST" }, {}, context);
    await step.entered;
    expect(pending()).toHaveLength(1);
    step.open();
    expect(await (await answer).text()).toBe("changed");
    await Promise.resolve();
    expect(pending()).toEqual([]);
  });

  it("leaves a read to be cancelled with its client", async () => {
    const step = gate();
    const { context, kept } = keepingContext();
    const answer = app(step.pass()).request("/read", {}, {}, context);
    await step.entered;
    step.open();
    expect(await (await answer).text()).toBe("read");
    expect(kept).toEqual([]);
  });
});

describe("in the app: an invitation whose inviter hangs up during its email", () => {
  beforeEach(async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await clearOfHourEnd();
  }, 30_000);

  it("is kept alive through the send and the steps after it, so its seat is never held without an email", async () => {
    const email = fakeEmailBinding();
    const send = gate();
    const gated = {
      async send(message: EmailMessageBuilder) {
        if (message.subject?.startsWith("Join ")) await send.pass();
        return email.binding.send(message);
      },
    } as unknown as SendEmail;
    const { bindings } = emailEnv({ ALERT_EMAIL: gated });
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, email.sent, "owner@hang-up.example");
    const created = await owner.json("/api/workspaces", "POST", { name: "Hang-up Agency" });
    expect(created.status).toBe(201);
    await subscribeWorkspace((await created.json<{ current: { id: string } }>()).current.id, "agency");

    const { context, pending } = keepingContext();
    const answer = owner.json("/api/workspaces/invitations", "POST", { email: "bea@hang-up.example", role: "viewer" }, { executionContext: context });
    await send.entered;
    // The invitation is stored and its email on its way: the request's work is what the runtime must not drop.
    expect(pending().length).toBeGreaterThan(0);
    const keptAtSend = pending().map((entry) => entry.promise);
    send.open();
    expect((await answer).status).toBe(201);
    await Promise.all(keptAtSend);
    expect(email.sent.filter((m) => m.to === "bea@hang-up.example")).toHaveLength(1);
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'member.invite' AND target = 'bea@hang-up.example'").first<number>("n");
    expect(audit).toBe(1);
  });
});
