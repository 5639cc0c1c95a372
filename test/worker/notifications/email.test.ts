import { describe, expect, it } from "vitest";
import { alertEmail, alertEmailConfig } from "../../../worker/notifications/email";
import type { AlertEventMessage } from "../../../worker/notifications/alert-event";
import { channelEnv, fakeEmailBinding, SENDER } from "./support";

const EVENT: AlertEventMessage = {
  id: "evt-1",
  alertId: "alert-1",
  asin: "B08N5WRWNW",
  marketplace: "US",
  conditionType: "rank_above",
  threshold: 500,
  message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500",
  day: "2026-11-22",
  createdAt: "2026-11-22T02:30:00.000Z",
};
const ALERTS_URL = "https://app.ranklayer.example/alerts";

describe("alertEmail", () => {
  it("says what fired, where and when, with a link to /alerts, in text and HTML", () => {
    const email = alertEmail(EVENT, "seller@example.com", SENDER, ALERTS_URL);

    expect(email.from).toEqual({ name: "RankLayer alerts", email: SENDER });
    expect(email.to).toBe("seller@example.com");
    expect(email.subject).toBe("RankLayer alert: B08N5WRWNW (US) – Rank worse than threshold");
    expect(email.text?.split("\n")).toEqual([
      EVENT.message,
      "",
      "ASIN: B08N5WRWNW",
      "Marketplace: US",
      "Condition: Rank worse than threshold (threshold 500)",
      "Day: 2026-11-22 (UTC)",
      "",
      `Your alerts: ${ALERTS_URL}`,
      "",
      expect.stringContaining("email is on for this alert"),
    ]);
    expect(email.html).toContain(`<p>${EVENT.message}</p>`);
    expect(email.html).toContain(`<a href="${ALERTS_URL}">Open your alerts</a>`);
  });

  it("names a condition without a threshold without one", () => {
    const email = alertEmail({ ...EVENT, conditionType: "buybox_lost", threshold: null }, "a@b.example", SENDER, ALERTS_URL);
    expect(email.subject).toBe("RankLayer alert: B08N5WRWNW (US) – Buy Box lost");
    expect(email.text).toContain("Condition: Buy Box lost\n");
  });

  it("escapes the message in the HTML part", () => {
    const email = alertEmail({ ...EVENT, message: `<script>alert("x")</script> & more` }, "a@b.example", SENDER, ALERTS_URL);
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(email.html).not.toContain("<script>");
    expect(email.text).toContain(`<script>alert("x")</script> & more`);
  });
});

describe("alertEmailConfig", () => {
  it("needs both the binding and a sender", () => {
    const { binding } = fakeEmailBinding();
    expect(alertEmailConfig(channelEnv({ ALERT_EMAIL: binding }))).toEqual({ binding, from: SENDER });
    expect(alertEmailConfig(channelEnv({ ALERT_EMAIL_FROM: "  " }))).toBeNull();
    expect(alertEmailConfig(channelEnv({ ALERT_EMAIL: undefined as unknown as SendEmail }))).toBeNull();
  });
});
