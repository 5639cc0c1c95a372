import { describe, expect, it } from "vitest";
import { connectSeller, fakeCalls, LWA_FAKE, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";

describe("the OAuth redirect_uri", () => {
  it("comes from SITE_URL, never from the request's Host, in the consent URL and the code exchange", async () => {
    const bindings = sellerEnv({ SITE_URL: "https://app.ranklayer.example/some/path" });
    await registerLwaClient(bindings);
    const browser = new TestBrowser(bindings);
    // A forged Host: the request URL's origin is the attacker's.
    const res = await browser.request("https://attacker.example/api/auth/url", { headers: { Host: "attacker.example" } });
    const { authUrl } = await res.json<{ authUrl: string }>();
    expect(new URL(authUrl).searchParams.get("redirect_uri")).toBe("https://app.ranklayer.example/api/auth/callback");

    const seller = await connectSeller(browser);
    expect(seller.callback.status).toBe(302);
    const [exchange] = await fakeCalls(LWA_FAKE, { clientId: bindings.LWA_CLIENT_ID! });
    expect(exchange).toMatchObject({ status: 200, redirectUri: "https://app.ranklayer.example/api/auth/callback" });
  });

  it("is the public site's callback when SITE_URL is unset", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const res = await new TestBrowser(bindings).request("http://127.0.0.1:8787/api/auth/url");
    const { authUrl } = await res.json<{ authUrl: string }>();
    expect(new URL(authUrl).searchParams.get("redirect_uri")).toBe("https://ranklayer.com/api/auth/callback");
  });
});
