import { describe, expect, it } from "vitest";
import { completeCheckout, deleteCustomer, holdIdempotencyKey, PRICE_PRO, STRIPE_FAKE, STRIPE_KEY, untilRunning } from "../../support/stripe";

/** A customer creation as the stripe library sends it: form body, secret key, Idempotency-Key. */
function createCustomer(idempotencyKey: string, userId: string) {
  return fetch(`https://${STRIPE_FAKE}/v1/customers`, {
    method: "POST",
    headers: { Authorization: `Bearer ${STRIPE_KEY}`, "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": idempotencyKey },
    body: new URLSearchParams({ "metadata[user_id]": userId }),
  });
}

describe("the fake Stripe is as strict as Stripe about idempotency keys", () => {
  it("replays the first customer for the same key and parameters", async () => {
    const key = `ranklayer-customer-${crypto.randomUUID()}`;
    const first = await (await createCustomer(key, "u1")).json<{ id: string }>();
    const again = await createCustomer(key, "u1");
    expect(again.status).toBe(200);
    expect((await again.json<{ id: string }>()).id).toBe(first.id);
  });

  it("refuses the same key with other parameters, with Stripe's 400 idempotency_error", async () => {
    const key = `ranklayer-customer-${crypto.randomUUID()}`;
    expect((await createCustomer(key, "u1")).status).toBe(200);
    const reused = await createCustomer(key, "u2");
    expect(reused.status).toBe(400);
    expect((await reused.json<{ error: { type: string } }>()).error.type).toBe("idempotency_error");
  });
});

describe("the fake Stripe refuses a key while its first request still runs", () => {
  it("answers the second request 409 idempotency_error, and the first its customer", async () => {
    const key = `ranklayer-customer-${crypto.randomUUID()}`;
    await holdIdempotencyKey(key, 1000);
    const first = createCustomer(key, "u1");
    await untilRunning(key);
    const second = await createCustomer(key, "u1");
    expect((await first).status).toBe(200);
    expect(second.status).toBe(409);
    expect((await second.json<{ error: { type: string } }>()).error.type).toBe("idempotency_error");
  });
});

/** A Checkout Session creation as the stripe library sends it; `key` sets an Idempotency-Key. */
function createSession(customer: string, fields: Record<string, string> = {}, key?: string) {
  return fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${STRIPE_KEY}`, "Content-Type": "application/x-www-form-urlencoded", ...(key && { "Idempotency-Key": key }) },
    body: new URLSearchParams({
      mode: "subscription", customer, "line_items[0][price]": PRICE_PRO, success_url: "https://ranklayer.com/billing", cancel_url: "https://ranklayer.com/billing", ...fields,
    }),
  });
}

const get = (path: string) => fetch(`https://${STRIPE_FAKE}${path}`, { headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
const newCustomer = async () => (await (await createCustomer(`key-${crypto.randomUUID()}`, crypto.randomUUID())).json<{ id: string }>()).id;
type Session = { id: string; status: string; expires_at: number; customer: string | { id: string; deleted?: boolean } };

describe("the fake Stripe's Checkout Sessions", () => {
  it("an Idempotency-Key replays its first session (Idempotent-Replayed) and is refused with other parameters, on any POST", async () => {
    const customer = await newCustomer();
    const key = `ranklayer-checkout-${crypto.randomUUID()}`;
    const first = await (await createSession(customer, {}, key)).json<Session>();
    const again = await createSession(customer, {}, key);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json<Session>()).id).toBe(first.id);
    const other = await createSession(customer, { "line_items[0][price]": "price_agency_test" }, key);
    expect(other.status).toBe(400);
    expect((await other.json<{ error: { type: string } }>()).error.type).toBe("idempotency_error");
    expect((await (await get(`/v1/checkout/sessions?customer=${customer}&status=open`)).json<{ data: Session[] }>()).data).toHaveLength(1);
  });

  it("lists a customer's sessions newest first, 10 unless `limit` says more, and expires only an open one", async () => {
    const customer = await newCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) ids.push((await (await createSession(customer)).json<Session>()).id);
    const page = await (await get(`/v1/checkout/sessions?customer=${customer}`)).json<{ data: Session[]; has_more: boolean }>();
    expect(page.data.map((session) => session.id)).toEqual(ids.slice(1).reverse());
    expect(page.has_more).toBe(true);
    expect((await (await get(`/v1/checkout/sessions?customer=${customer}&limit=100`)).json<{ data: Session[] }>()).data).toHaveLength(11);

    const expire = () => fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions/${ids[0]}/expire`, { method: "POST", headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
    expect((await expire()).status).toBe(200);
    const again = await expire();
    expect(again.status).toBe(400);
    expect((await again.json<{ error: { message: string } }>()).error.message).toMatch(/Only Checkout Sessions with a status in \["open"\] can be expired/);
  });

  it("a session expires 24 hours after creation unless expires_at says otherwise, 30 minutes to 24 hours ahead", async () => {
    const customer = await newCustomer();
    const now = Math.floor(Date.now() / 1000);
    const plain = await (await createSession(customer)).json<Session>();
    expect(plain.expires_at - now).toBeGreaterThanOrEqual(24 * 3600 - 5);
    expect((await createSession(customer, { expires_at: String(now + 40 * 60) })).status).toBe(200);
    expect((await createSession(customer, { expires_at: String(now + 10 * 60) })).status).toBe(400);
    expect((await createSession(customer, { expires_at: String(now + 25 * 3600) })).status).toBe(400);
  });

  it("a deleted customer's session cannot be paid, and lists with the customer expanded as deleted", async () => {
    const customer = await newCustomer();
    const session = await (await createSession(customer)).json<Session>();
    await deleteCustomer(customer);
    expect((await completeCheckout(session.id)).status).toBe(409);
    const listed = await (await get(`/v1/checkout/sessions?customer=${customer}&expand[0]=data.customer`)).json<{ data: Session[] }>();
    expect(listed.data[0]!.customer).toEqual({ id: customer, object: "customer", deleted: true });
  });
});
