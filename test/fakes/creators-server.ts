/**
 * The fake Creators API (creators-upstream.ts) served over node:http on 127.0.0.1,
 * for runs where the app is a separate process (the benchmark). Point the app at it
 * with CREATORS_API_BASE_URL = url and CREATORS_AUTH_URL = `${url}/auth/o2/token`
 * (a JSON, 3.x-style grant) or `${url}/oauth2/token` (a form, 2.x-style grant).
 * Every answer except /__control/ ones waits latencyMs first.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { CreatorsFake } from "./creators-upstream.ts";

export interface CreatorsFakeServer {
  url: string;
  /** getItems calls received so far. */
  calls(): number;
  close(): Promise<void>;
}

export async function startCreatorsFakeServer(options: { port?: number; latencyMs?: number } = {}): Promise<CreatorsFakeServer> {
  const fake = new CreatorsFake({ latencyMs: options.latencyMs ?? 0 });
  const server = createServer((req, res) => {
    toRequest(req, baseUrl())
      .then((request) => fake.handle(request))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ type: "InternalServerException", message: String(error) }));
      });
  });
  // Keep-alive sockets would hold close() open until they idle out.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const baseUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl(),
    calls: () => fake.getItemsCalls(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", base), { method: req.method, headers, body });
}
