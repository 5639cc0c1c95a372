import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { notificationEmail } from "../../../worker/contact/notify";
import type { Bindings } from "../../../worker/env";

let serial = 0;
/** Each test gets its own client address and sender, so neither limits nor rows leak between tests. */
function freshClient() {
  serial += 1;
  return { ip: `203.0.113.${serial}`, email: `sender${serial}@example.com` };
}

const XSRF = { Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t" };

function contactInit(body: unknown, ip: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...XSRF },
    body: JSON.stringify(body),
  };
}

function post(body: unknown, ip: string) {
  return exports.default.fetch("http://localhost/api/contact", contactInit(body, ip));
}

/** Runs the app with some bindings changed (e.g. an email binding) and waits for its background work. */
async function postWith(bindings: Partial<Bindings>, body: unknown, ip: string) {
  const ctx = createExecutionContext();
  const res = await app.request("/api/contact", contactInit(body, ip), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

interface Row {
  name: string;
  company: string | null;
  email: string;
  message: string;
  email_status: string;
}

async function rowsFrom(email: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, company, email, message, email_status FROM contact_messages WHERE email = ?",
  )
    .bind(email)
    .all<Row>();
  return results;
}

function message(email: string, overrides: Record<string, unknown> = {}) {
  return { name: "Ada Lovelace", company: "Analytical Ltd", email, message: "Let's partner.", ...overrides };
}

describe("POST /api/contact", () => {
  it("stores the message, trimmed, before answering 200", async () => {
    const { ip, email } = freshClient();
    const res = await post(message(` ${email} `, { name: "  Ada  ", message: " Hello \n" }), ip);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await rowsFrom(email)).toEqual([
      { name: "Ada", company: "Analytical Ltd", email, message: "Hello", email_status: "not_configured" },
    ]);
  });

  it("accepts a message without a company, and stores a blank company as none", async () => {
    const { ip, email } = freshClient();
    expect((await post({ name: "Ada", email, message: "Hi" }, ip)).status).toBe(200);
    expect((await post(message(email, { company: "   " }), ip)).status).toBe(200);
    expect((await rowsFrom(email)).map((r) => r.company)).toEqual([null, null]);
  });

  describe("rejects bad input with 422 and stores nothing", () => {
    it.each([
      ["a blank name", { name: "   " }, ["name"], "Name is required"],
      ["a missing name", { name: undefined }, ["name"], "Name is required"],
      ["a blank email", { email: " " }, ["email"], "Email is required"],
      ["an invalid email", { email: "ada@" }, ["email"], "Enter a valid email address"],
      ["a blank message", { message: "\n\t " }, ["message"], "Message is required"],
      ["a name over 100 characters", { name: "x".repeat(101) }, ["name"], "Name must be at most 100 characters"],
      ["a company over 100 characters", { company: "x".repeat(101) }, ["company"], "Company must be at most 100 characters"],
      ["a message over 5,000 characters", { message: "x".repeat(5001) }, ["message"], "Message must be at most 5,000 characters"],
      ["a non-text message", { message: 42 }, ["message"], "Message must be text"],
    ])("%s", async (_case, overrides, path, msg) => {
      const { ip, email } = freshClient();
      const body = message(email, overrides);
      const res = await post(body, ip);
      expect(res.status).toBe(422);
      const { detail } = await res.json<{ detail: { loc: string[]; msg: string; type: string }[] }>();
      expect(detail).toEqual([{ loc: ["json", ...path], msg, type: expect.any(String) }]);
      expect(await rowsFrom(typeof body.email === "string" ? body.email.trim() : email)).toEqual([]);
    });

    it("an email over 254 characters", async () => {
      const { ip } = freshClient();
      const email = `${"a".repeat(250)}@example.com`;
      const res = await post(message(email), ip);
      expect(res.status).toBe(422);
      expect((await res.json<{ detail: { msg: string }[] }>()).detail[0]?.msg).toBe("Email must be at most 254 characters");
      expect(await rowsFrom(email)).toEqual([]);
    });

    it("reports every bad field at once", async () => {
      const { ip } = freshClient();
      const res = await post({ name: "", email: "", message: "" }, ip);
      const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
      expect(detail.map((d) => d.loc)).toEqual([
        ["json", "name"],
        ["json", "email"],
        ["json", "message"],
      ]);
    });

    it("answers malformed JSON with a JSON detail, not a 500", async () => {
      const { ip } = freshClient();
      const res = await exports.default.fetch("http://localhost/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...XSRF },
        body: "{not json",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: expect.any(String), code: "bad_request" });
    });
  });

  it("answers a filled honeypot as if sent, and stores nothing", async () => {
    const { ip, email } = freshClient();
    const res = await post(message(email, { website: "https://spam.example" }), ip);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await rowsFrom(email)).toEqual([]);
  });

  it("allows 5 messages an hour per client, then 429 with Retry-After; other clients are unaffected", async () => {
    const { ip, email } = freshClient();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(message(email, { message: `Message ${i}` }), ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const refused = await post(message(email), ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ detail: expect.stringMatching(/^Too many messages: at most 5 an hour/), code: "rate_limited" });
    expect(await rowsFrom(email)).toHaveLength(5);

    const other = freshClient();
    expect((await post(message(other.email), other.ip)).status).toBe(200);
  });

  it("charges no quota for rejected input", async () => {
    const { ip, email } = freshClient();
    for (let i = 0; i < 5; i++) expect((await post(message(email, { name: " " }), ip)).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await post(message(email), ip)).status).toBe(200);
  });

  it("answers 503 and keeps nothing when the store fails", async () => {
    const { ip, email } = freshClient();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("ALTER TABLE contact_messages RENAME TO contact_messages_away");
    let res: Response;
    try {
      res = await post(message(email), ip);
    } finally {
      await env.DB.exec("ALTER TABLE contact_messages_away RENAME TO contact_messages");
    }
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      detail: "We couldn't send your message right now. Please try again in a few minutes.",
      code: "upstream_unavailable",
    });
    expect(await rowsFrom(email)).toEqual([]);
    expect(logged).toHaveBeenCalledWith("contact message could not be stored", expect.any(Error));
  });

  describe("notification email", () => {
    const addresses = { CONTACT_EMAIL_FROM: "form@ranklayer.example", CONTACT_EMAIL_TO: "partners@ranklayer.example" };

    it("is sent after storing, and recorded as sent", async () => {
      const { ip, email } = freshClient();
      const send = vi.fn(async () => ({ messageId: "m-1" }));
      const res = await postWith({ CONTACT_EMAIL: { send } as unknown as SendEmail, ...addresses }, message(email), ip);
      expect(res.status).toBe(200);
      expect(send).toHaveBeenCalledOnce();
      expect(send.mock.calls[0]).toEqual([
        expect.objectContaining({
          from: { name: "RankLayer contact form", email: "form@ranklayer.example" },
          to: "partners@ranklayer.example",
          replyTo: { name: "Ada Lovelace", email },
          subject: "Partnership inquiry from Ada Lovelace (Analytical Ltd)",
          text: expect.stringContaining("Let's partner."),
        }),
      ]);
      expect((await rowsFrom(email)).map((r) => r.email_status)).toEqual(["sent"]);
    });

    it("never loses the stored message when sending fails", async () => {
      const { ip, email } = freshClient();
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const send = vi.fn(async () => {
        throw new Error("destination address not verified");
      });
      const res = await postWith({ CONTACT_EMAIL: { send } as unknown as SendEmail, ...addresses }, message(email), ip);
      expect(res.status).toBe(200);
      expect(await rowsFrom(email)).toEqual([expect.objectContaining({ message: "Let's partner.", email_status: "failed" })]);
      expect(logged).toHaveBeenCalledWith(
        "contact notification email failed; the message is stored",
        expect.any(String),
        expect.any(Error),
      );
    });

    it("is not attempted without its addresses", async () => {
      const { ip, email } = freshClient();
      const send = vi.fn(async () => ({ messageId: "m-2" }));
      await postWith({ CONTACT_EMAIL: { send } as unknown as SendEmail }, message(email), ip);
      expect(send).not.toHaveBeenCalled();
      expect((await rowsFrom(email)).map((r) => r.email_status)).toEqual(["not_configured"]);
    });

    it("names the message and an absent company plainly", () => {
      const built = notificationEmail(
        { name: "Bo", email: "bo@example.com", message: "Hi" },
        "id-7",
        { binding: {} as SendEmail, from: "f@example.com", to: "t@example.com" },
      );
      expect(built.subject).toBe("Partnership inquiry from Bo");
      expect(built.text).toBe("Name: Bo\nCompany: -\nEmail: bo@example.com\nMessage id: id-7\n\nHi");
    });
  });
});
