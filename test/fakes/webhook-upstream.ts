/**
 * A fake webhook receiver that answers like a Slack incoming webhook: a POST of JSON with
 * a non-empty "text" gets 200 "ok"; anything else gets 400 "invalid_payload". Each test
 * uses its own path on https://hooks.webhook-fake.example/, and can script the answers.
 *
 * Under https://discord.com/api/webhooks/ it answers like Discord's Execute Webhook: a POST of
 * JSON needs a non-empty "content" of at most 2,000 characters (or "embeds"); Discord ignores
 * "text", so a Slack-shaped body gets 400 {code: 50006, "Cannot send an empty message"}, a longer
 * content 400 {code: 50035}, and a message it takes 204 with no body. Its Slack-compatible URLs
 * (ending in /slack) answer like Slack.
 *
 * Tests inside workerd drive it under https://webhook-fake.test/__control/:
 *   POST answers  { path, answers: WebhookAnswer[] }  the next answers for that path, in turn
 *   GET  calls?path=                                  { calls: WebhookCallRecord[] }
 */
import type { FakeUpstream } from "./outbound.ts";
import type { WebhookAnswer, WebhookCallRecord } from "./webhook-calls.ts";

export const WEBHOOK_HOST = "hooks.webhook-fake.example";
export const WEBHOOK_CONTROL_HOST = "webhook-fake.test";
export const DISCORD_HOST = "discord.com";
/** Discord's limit on a message's content, in UTF-16 code units. */
const DISCORD_CONTENT_MAX = 2_000;

export class WebhookFake implements FakeUpstream {
  private calls: WebhookCallRecord[] = [];
  private scripts = new Map<string, WebhookAnswer[]>();
  private seq = 0;

  handles(url: URL): boolean {
    return (
      url.hostname === WEBHOOK_HOST ||
      url.hostname === WEBHOOK_CONTROL_HOST ||
      (url.hostname === DISCORD_HOST && url.pathname.startsWith("/api/webhooks/"))
    );
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === WEBHOOK_CONTROL_HOST) return this.control(request, url);

    const body = await request.text();
    const record: WebhookCallRecord = {
      seq: ++this.seq,
      method: request.method,
      path: url.pathname,
      headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
      body,
      status: 0,
    };
    this.calls.push(record);
    const scripted = this.scripts.get(url.pathname)?.shift();
    if (scripted === "hang") return new Promise<Response>(() => {});
    if (typeof scripted === "object") {
      record.status = scripted.status;
      return new Response("rate_limited", { status: scripted.status, headers: { "Retry-After": scripted.retryAfter } });
    }
    if (scripted !== undefined) {
      record.status = scripted;
      return new Response(scripted < 300 ? "ok" : "error", { status: scripted });
    }
    // Discord's ".../slack" URLs take Slack's body instead (its Slack-compatible endpoint).
    if (url.hostname === DISCORD_HOST && !url.pathname.endsWith("/slack")) {
      const answer = discordAnswer(request.method, body);
      record.status = answer.status;
      return answer;
    }
    record.status = request.method === "POST" && hasSlackText(body) ? 200 : 400;
    return new Response(record.status === 200 ? "ok" : "invalid_payload", { status: record.status });
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    if (request.method === "POST" && action === "answers") {
      const input = (await request.json()) as { path: string; answers: WebhookAnswer[] };
      this.scripts.set(input.path, [...input.answers]);
      return Response.json({ ok: true });
    }
    if (request.method === "GET" && action === "calls") {
      const path = url.searchParams.get("path");
      return Response.json({ calls: this.calls.filter((call) => call.path === path) });
    }
    return Response.json({ error: `unknown control ${request.method} ${action}` }, { status: 404 });
  }
}

function hasSlackText(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { text?: unknown };
    return typeof parsed.text === "string" && parsed.text.trim() !== "";
  } catch {
    return false;
  }
}

/** What Discord's Execute Webhook answers (without ?wait=true): 204 for a message it takes. */
function discordAnswer(method: string, body: string): Response {
  if (method !== "POST") return Response.json({ message: "405: Method Not Allowed", code: 0 }, { status: 405 });
  let parsed: { content?: unknown; embeds?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return Response.json({ message: "The request body contains invalid JSON.", code: 50109 }, { status: 400 });
  }
  const content = typeof parsed.content === "string" ? parsed.content : "";
  if (content.length > DISCORD_CONTENT_MAX) {
    const errors = { content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] } };
    return Response.json({ message: "Invalid Form Body", code: 50035, errors }, { status: 400 });
  }
  const hasEmbeds = Array.isArray(parsed.embeds) && parsed.embeds.length > 0;
  if (content.trim() === "" && !hasEmbeds) return Response.json({ message: "Cannot send an empty message", code: 50006 }, { status: 400 });
  return new Response(null, { status: 204 });
}
