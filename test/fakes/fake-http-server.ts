/**
 * Serves a fake upstream (a FakeUpstream of the Worker tests) over node:http on 127.0.0.1,
 * for runs where the app is a separate process (browser tests under `wrangler dev`). Each
 * request is handed to the fake under the URL it owns (`origin`), so the same fake serves
 * both kinds of test.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeUpstream } from "./outbound.ts";

export interface FakeHttpServer {
  url: string;
  close(): Promise<void>;
}

/** `originFor(path)`: the origin the fake expects for a request path, e.g. https://api.amazon.com. */
export async function startFakeHttpServer(
  fake: Pick<FakeUpstream, "handle">,
  originFor: (path: string) => string,
  port = 0,
): Promise<FakeHttpServer> {
  const server = createServer((req, res) => {
    toRequest(req, originFor(req.url ?? "/"))
      .then((request) => fake.handle(request))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

/** POSTs `body` to a fake's control endpoint (`/__control/<action>`); throws on anything but 2xx. */
export async function control(base: string, action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/__control/${action}`, { method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`control ${action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
