import { describe, expect, it } from "vitest";
import { holdIdempotencyKey, STRIPE_FAKE, STRIPE_KEY } from "../../support/stripe";

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
    await holdIdempotencyKey(key, 300);
    const [first, second] = await Promise.all([createCustomer(key, "u1"), new Promise((resolve) => setTimeout(resolve, 50)).then(() => createCustomer(key, "u1"))]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect((await second.json<{ error: { type: string } }>()).error.type).toBe("idempotency_error");
  });
});
