import { CreatorsFake } from "./creators-upstream.ts";

/**
 * The outbound side of the Worker tests: every fetch the Worker makes arrives here,
 * in Node, and is answered by the fake upstream that owns the host. A request to a
 * host no fake owns fails loudly, so a test can never reach the real network.
 */
export interface FakeUpstream {
  handles(url: URL): boolean;
  handle(request: Request): Promise<Response>;
}

const fakes: FakeUpstream[] = [];

export function registerFake(fake: FakeUpstream): void {
  fakes.push(fake);
}

export async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const fake = fakes.find((f) => f.handles(url));
  if (!fake) {
    return new Response(`no fake upstream owns ${url.host}`, { status: 502 });
  }
  return fake.handle(request);
}

registerFake(new CreatorsFake());
