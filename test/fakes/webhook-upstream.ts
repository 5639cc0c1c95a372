/**
 * A fake webhook receiver that answers like a Slack incoming webhook: a POST of JSON with
 * a non-empty "text" gets 200 "ok"; anything else gets 400 "invalid_payload". Each test
 * uses its own path on https://hooks.webhook-fake.example/, and can script the answers.
 *
 * Tests inside workerd drive it under https://webhook-fake.test/__control/:
 *   POST answers  { path, answers: WebhookAnswer[] }  the next answers for that path, in turn
 *   GET  calls?path=                                  { calls: WebhookCallRecord[] }
 */
import type { FakeUpstream } from "./outbound.ts";
import type { WebhookAnswer, WebhookCallRecord } from "./webhook-calls.ts";

export const WEBHOOK_HOST = "hooks.webhook-fake.example";
export const WEBHOOK_CONTROL_HOST = "webhook-fake.test";

export class WebhookFake implements FakeUpstream {
  private calls: WebhookCallRecord[] = [];
  private scripts = new Map<string, WebhookAnswer[]>();
  private seq = 0;

  handles(url: URL): boolean {
    return url.hostname === WEBHOOK_HOST || url.hostname === WEBHOOK_CONTROL_HOST;
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
    record.status = scripted ?? (request.method === "POST" && hasSlackText(body) ? 200 : 400);
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
