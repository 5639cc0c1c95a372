import { afterEach, describe, expect, it, vi } from "vitest";
import { exchangeAuthorizationCodeForTokens, sellerAccessToken } from "../../../../worker/upstreams/spapi/lwa";
import { fakeCalls, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv } from "../../support/seller-browser";

/**
 * A token request whose connection fails with no answer: most often a kept-alive connection the
 * server closed just as the request went out (the browser suite's fake closes idle ones after 1 s,
 * and a sign-in failed so). The Worker tests' outbound fakes cannot drop a connection, so the first
 * fetch rejects here as workerd's does ("Network connection lost."), and the next reaches the fake LWA.
 */
function connectionLostOnce(times = 1) {
  const realFetch = globalThis.fetch;
  let left = times;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (...args: Parameters<typeof fetch>) => {
    if (left-- > 0) throw new Error("Network connection lost.");
    return realFetch(...args);
  });
}

async function lwaClient() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  return { clientId: bindings.LWA_CLIENT_ID!, clientSecret: bindings.LWA_CLIENT_SECRET! };
}

async function codeFor(client: { clientId: string }, refreshToken: string) {
  const code = `ANcode${crypto.randomUUID().replace(/-/g, "")}`;
  await fakeControl(LWA_FAKE, "codes", { code, clientId: client.clientId, redirectUri: "https://ranklayer.com/api/auth/callback", refreshToken });
  return code;
}

describe("an LWA token request whose connection is lost before an answer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("exchanges the code on the second try: the sign-in goes through", async () => {
    const client = await lwaClient();
    const code = await codeFor(client, "Atzr|lost-once");
    const fetchSpy = connectionLostOnce();
    await expect(exchangeAuthorizationCodeForTokens(client, code, "https://ranklayer.com/api/auth/callback")).resolves.toMatchObject({ refreshToken: "Atzr|lost-once" });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect((await fakeCalls(LWA_FAKE, { clientId: client.clientId })).map((call) => call.status)).toEqual([200]);
  });

  it("grants a seller's access token on the second try", async () => {
    const client = await lwaClient();
    const code = await codeFor(client, "Atzr|refresh-lost-once");
    await exchangeAuthorizationCodeForTokens(client, code, "https://ranklayer.com/api/auth/callback");
    connectionLostOnce();
    await expect(sellerAccessToken(client, `lost:${crypto.randomUUID()}`, async () => "Atzr|refresh-lost-once")).resolves.toMatch(/\S/);
  });

  it("tries once more only: a second lost connection is LWA unavailable", async () => {
    const client = await lwaClient();
    const code = await codeFor(client, "Atzr|lost-twice");
    const fetchSpy = connectionLostOnce(2);
    await expect(exchangeAuthorizationCodeForTokens(client, code, "https://ranklayer.com/api/auth/callback")).rejects.toMatchObject({ kind: "unavailable" });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("does not try again after a timeout: its time is spent", async () => {
    const client = await lwaClient();
    const code = await codeFor(client, "Atzr|timed-out");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation timed out.", "TimeoutError"));
    await expect(exchangeAuthorizationCodeForTokens(client, code, "https://ranklayer.com/api/auth/callback")).rejects.toMatchObject({ kind: "unavailable" });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
