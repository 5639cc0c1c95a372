import { exports } from "cloudflare:workers";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { notificationEmail } from "../../../worker/contact/notify";
import { headerText } from "../../../worker/shared/header-text";

const XSRF = { Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t", "Content-Type": "application/json" };
let serial = 0;

function post(body: Record<string, unknown>) {
  serial += 1;
  return exports.default.fetch("http://localhost/api/contact", {
    method: "POST",
    headers: { ...XSRF, "CF-Connecting-IP": `192.0.2.${serial}` },
    body: JSON.stringify(body),
  });
}

const MESSAGE = { name: "Eve", company: "Evil Ltd", email: "eve@example.com", message: "Hello.\nSecond line is fine here." };

describe("contact form values that reach email headers", () => {
  it.each([
    ["name", { name: "Eve\r\nBcc: victim@example.com" }, "Name must be one line of text without control characters"],
    ["name", { name: "Eve\nBcc: victim@example.com" }, "Name must be one line of text without control characters"],
    ["company", { company: "Evil\rLtd" }, "Company must be one line of text without control characters"],
    ["company", { company: "Evil\u0000Ltd" }, "Company must be one line of text without control characters"],
  ])("refuses a %s with control characters with 422, storing nothing", async (field, overrides, msg) => {
    const email = `eve${serial}-${field}@example.com`;
    const res = await post({ ...MESSAGE, ...overrides, email });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [expect.objectContaining({ loc: ["json", field], msg })], code: "validation_failed" });
    const { results } = await env.DB.prepare("SELECT id FROM contact_messages WHERE email = ?").bind(email).all();
    expect(results).toEqual([]);
  });

  it("keeps line breaks in the message body, which is no header", async () => {
    expect((await post({ ...MESSAGE, email: `ok${serial}@example.com` })).status).toBe(200);
  });

  it("builds Subject and Reply-To only from values stripped of control characters", () => {
    const config = { binding: {} as SendEmail, from: "form@ranklayer.example", to: "team@ranklayer.example" };
    const email = notificationEmail(
      { name: "Eve\r\nBcc: victim@example.com", company: "Evil\tLtd\u0007", email: "eve@example.com\r\nX: y", message: "Hi" },
      "msg-1",
      config,
    );
    expect(email.subject).toBe("Partnership inquiry from Eve Bcc: victim@example.com (Evil Ltd)");
    expect(email.replyTo).toEqual({ name: "Eve Bcc: victim@example.com", email: "eve@example.com X: y" });
    const replyTo = email.replyTo as { name: string; email: string };
    for (const value of [email.subject, replyTo.name, replyTo.email]) expect(value).not.toMatch(/\p{Cc}/u);
  });

  it("headerText turns every control character into one space", () => {
    expect(headerText(" a\r\n\r\nb\u0000c\u007f ")).toBe("a b c");
  });
});
