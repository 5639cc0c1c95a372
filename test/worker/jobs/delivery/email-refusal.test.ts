import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelSettings } from "../../../../worker/contract/channels";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { buildServices } from "../../../../worker/services";
import { channelEnv, createUser, delivery, fakeEmailBinding, MINUTE, NOW, seedEvent, setChannels } from "../../notifications/support";
import { currentWorkspaceId } from "../../notifications/webhook-url-rows";
import { demoEnv, TestBrowser } from "../../support/seller-browser";

/**
 * Email Service refuses some messages for good: the recipient is on its suppression list (it
 * bounced or complained before), it is not a destination the binding may send to, or the message
 * itself is invalid. Sending it again cannot succeed, so the outbox fails it at once, with words
 * that say which address and what to do, rather than trying it five times. A failure that can pass
 * (a rate limit, the service down) is retried as before.
 */
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** What a delivery row records of a refusal for good, as data. */
const refusalOf = (id: string) =>
  env.DB.prepare("SELECT refused_address, refusal_code FROM notification_deliveries WHERE id = ?").bind(id).first<{ refused_address: string | null; refusal_code: string | null }>();

async function emailUser(address: string, bindings = channelEnv()) {
  const userId = await createUser();
  await setChannels(bindings, userId, { alertEmail: address });
  return userId;
}

describe("an email the service refuses for good", () => {
  it("fails at once on a suppressed address, names it and says to fix it, and is never tried again", async () => {
    const email = fakeEmailBinding(0, { "bounced@example.com": "E_RECIPIENT_SUPPRESSED" });
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const userId = await emailUser("bounced@example.com", bindings);
    const { deliveries } = await seedEvent(userId, ["email"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 0, retrying: 0, failed: 1, nextAttemptAtMs: null });
    const row = await delivery(deliveries.email!);
    expect(row).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null, sent_at: null });
    expect(row.last_error).toContain("bounced@example.com");
    expect(row.last_error).toMatch(/save (a working|another) address/i);
    // The words are for the user; the address and the service's code are kept as data.
    expect(row.last_error).not.toContain("E_RECIPIENT_SUPPRESSED");
    expect(await refusalOf(deliveries.email!)).toEqual({ refused_address: "bounced@example.com", refusal_code: "E_RECIPIENT_SUPPRESSED" });

    // Nothing is due again, however long we wait: the service was asked once.
    for (const minutes of [1, 6, 36, 156]) expect(await deliverDue(buildServices(bindings), NOW + minutes * MINUTE)).toMatchObject({ sent: 0, failed: 0, retrying: 0 });
    expect(email.attempts).toHaveLength(1);
  });

  it.each(["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED", "E_VALIDATION_ERROR"])("fails a message refused with %s without a retry", async (code) => {
    const email = fakeEmailBinding(0, { "refused@example.com": code });
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { deliveries } = await seedEvent(await emailUser("refused@example.com", bindings), ["email"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ failed: 1, retrying: 0 });
    expect(await delivery(deliveries.email!)).toMatchObject({ status: "failed", last_error: expect.stringContaining("refused@example.com") });
    expect(await refusalOf(deliveries.email!)).toEqual({ refused_address: "refused@example.com", refusal_code: code });
  });

  it.each(["E_RATE_LIMIT_EXCEEDED", "E_DAILY_LIMIT_EXCEEDED", "E_DELIVERY_FAILED", "E_INTERNAL_SERVER_ERROR", "E_SENDER_NOT_VERIFIED"])(
    "retries a message that failed with %s, which a later attempt can pass",
    async (code) => {
      const email = fakeEmailBinding(0, { "busy@example.com": code });
      const bindings = channelEnv({ ALERT_EMAIL: email.binding });
      const { deliveries } = await seedEvent(await emailUser("busy@example.com", bindings), ["email"]);

      expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ failed: 0, retrying: 1 });
      expect(await delivery(deliveries.email!)).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: new Date(NOW + MINUTE).toISOString() });
      expect(await refusalOf(deliveries.email!)).toEqual({ refused_address: null, refusal_code: null });
    },
  );

  /** A signed-in workspace whose alert email typo@example.com was refused for good by the 02:30 delivery. */
  async function refusedAlertEmail() {
    const email = fakeEmailBinding(0, { "typo@example.com": "E_RECIPIENT_SUPPRESSED" });
    const browser = new TestBrowser(demoEnv(channelEnv({ ALERT_EMAIL: email.binding })));
    await browser.signInDemo();
    const workspaceId = await currentWorkspaceId(browser);
    // A demo account may set no address itself; as one saved before, it is refused all the same.
    await setChannels(browser.bindings, workspaceId, { alertEmail: "typo@example.com" });
    await seedEvent(workspaceId, ["email"]);
    await deliverDue(buildServices(browser.bindings), NOW);
    return { browser, workspaceId };
  }

  it("is shown under the alert email in Settings → Notifications, for the user to fix the address", async () => {
    const { browser } = await refusedAlertEmail();

    const settings = await (await browser.request("/api/settings/channels")).json<ChannelSettings>();
    expect(settings.deliveryProblems).toEqual([
      // Marked as a refusal for good as data: the page says the address once, however the words read.
      { channel: "email", status: "failed", detail: expect.stringContaining("typo@example.com"), refusedForGood: true, firedAt: new Date(NOW).toISOString() },
    ]);
  });

  it("is no longer shown once another address is saved: the refusal was of the old one, and saying to save a working address would point at the new one", async () => {
    const { browser, workspaceId } = await refusedAlertEmail();

    await setChannels(browser.bindings, workspaceId, { alertEmail: "fixed@example.com" });
    const settings = await (await browser.request("/api/settings/channels")).json<ChannelSettings>();
    expect(settings.alertEmail).toBe("fixed@example.com");
    expect(settings.deliveryProblems).toEqual([]);

    // Saved back to the refused address, the refusal applies again.
    await setChannels(browser.bindings, workspaceId, { alertEmail: "typo@example.com" });
    expect((await (await browser.request("/api/settings/channels")).json<ChannelSettings>()).deliveryProblems).toHaveLength(1);
  });

  it("reads the refused address from the row, not from the words: a failure recorded without one (before migration 0141) stays shown", async () => {
    const { browser, workspaceId } = await refusedAlertEmail();
    // As a row failed before the address was kept as data: only the words, naming typo@example.com.
    await env.DB.prepare("UPDATE notification_deliveries SET refused_address = NULL, refusal_code = NULL").run();

    await setChannels(browser.bindings, workspaceId, { alertEmail: "fixed@example.com" });
    const settings = await (await browser.request("/api/settings/channels")).json<ChannelSettings>();
    expect(settings.deliveryProblems).toEqual([expect.objectContaining({ channel: "email", status: "failed", detail: expect.stringContaining("typo@example.com"), refusedForGood: false })]);
  });
});
