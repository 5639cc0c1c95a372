import { describe, expect, it } from "vitest";
import { configOf } from "../../../worker/config";
import type { Bindings } from "../../../worker/env";

const alertEmailConfig = (bindings: Partial<Bindings>) => configOf(bindings).alertEmail;
import { alertEmail } from "../../../worker/notifications/email";
import { ALERT_EVENT, ALERTS_URL, channelEnv, fakeEmailBinding, SENDER } from "./support";

describe("alertEmail", () => {
  it("says what fired, where and when, with a link to /alerts, in text and HTML", () => {
    const email = alertEmail(ALERT_EVENT, "seller@example.com", SENDER, ALERTS_URL);

    expect(email.from).toEqual({ name: "RankLayer alerts", email: SENDER });
    expect(email.to).toBe("seller@example.com");
    expect(email.subject).toBe("RankLayer alert: B08N5WRWNW (US) – Rank worse than threshold");
    expect(email.text?.split("\n")).toEqual([
      ALERT_EVENT.message,
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
    expect(email.html).toContain(`<p>${ALERT_EVENT.message}</p>`);
    expect(email.html).toContain(`<a href="${ALERTS_URL}">Open your alerts</a>`);
  });

  it("names a condition without a threshold without one", () => {
    const email = alertEmail({ ...ALERT_EVENT, conditionType: "buybox_lost", threshold: null }, "a@b.example", SENDER, ALERTS_URL);
    expect(email.subject).toBe("RankLayer alert: B08N5WRWNW (US) – Buy Box lost");
    expect(email.text).toContain("Condition: Buy Box lost\n");
  });

  it("escapes the message in the HTML part", () => {
    const email = alertEmail({ ...ALERT_EVENT, message: `<script>alert("x")</script> & more` }, "a@b.example", SENDER, ALERTS_URL);
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
