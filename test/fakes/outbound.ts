import { CreatorsFake } from "./creators-upstream.ts";
import { LwaFake } from "./lwa-upstream.ts";
import { SpApiFake } from "./spapi-upstream.ts";
import { StripeFake } from "./stripe-upstream.ts";
import { WebhookFake } from "./webhook-upstream.ts";

/**
 * The outbound side of the Worker tests: every fetch the Worker makes arrives here,
 * in Node, and is answered by the fake upstream that owns the host. A request to a
 * host no fake owns fails loudly, so a test can never reach the real network.
 */
export interface FakeUpstream {
  /** Whether this fake answers the request; the headers may decide when fakes share a host. */
  handles(url: URL, request: Request): boolean;
  handle(request: Request): Promise<Response>;
}

const fakes: FakeUpstream[] = [];

export function registerFake(fake: FakeUpstream): void {
  fakes.push(fake);
}

export async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const fake = fakes.find((f) => f.handles(url, request));
  if (!fake) {
    return new Response(`no fake upstream owns ${url.host}`, { status: 502 });
  }
  return fake.handle(request);
}

// SP-API's LWA grants (form bodies) first: the Creators fake shares api.amazon.com (JSON bodies).
const lwa = new LwaFake();
registerFake(lwa);
registerFake(new SpApiFake(lwa));
registerFake(new CreatorsFake());
registerFake(new WebhookFake());
registerFake(new StripeFake());
