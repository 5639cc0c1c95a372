import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CreatorsProductSource, GET_ITEMS_RESOURCES } from "../../../../worker/upstreams/creators/client";
import { configOf, type CreatorsConfig } from "../../../../worker/config";
import type { Bindings } from "../../../../worker/env";

const creatorsConfigFromEnv = (bindings: Partial<Bindings>) => configOf(bindings).creators;
import { UpstreamError, type ItemOutcome } from "../../../../worker/upstreams/creators/product-source";
import type { Marketplace } from "../../../../worker/contract/marketplaces";
import { calls, control, grants, newAsin, uniqueClient } from "../../support/creators-fake";

function makeSource(overrides: Partial<CreatorsConfig> = {}, fetcher?: typeof fetch) {
  const config: CreatorsConfig = {
    credentialId: uniqueClient(),
    credentialSecret: "s3cret",
    version: "3.1",
    partnerTag: "ranklayer-20",
    timeoutMs: 4000,
    ...overrides,
  };
  return { config, source: new CreatorsProductSource(config, fetcher) };
}

/** Each store's own tag, with the suffix Amazon gives that store: the fake refuses another store's. */
const STORE_TAG: Record<Marketplace, string> = {
  US: "ranklayer-20", CA: "ranklayer-ca-20", MX: "ranklayer-mx-20", UK: "ranklayer-uk-21", DE: "ranklayer-de-21",
  FR: "ranklayer-fr-21", IT: "ranklayer-it-21", ES: "ranklayer-es-21", JP: "ranklayer-jp-22",
};

function product(outcome: ItemOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`expected a product, got ${JSON.stringify(outcome)}`);
  return outcome.product;
}

async function upstreamError(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("CreatorsProductSource: token grant", () => {
  it("gets a 3.x token from Login with Amazon with a JSON client-credentials body", async () => {
    const { config, source } = makeSource({ version: "3.1" });
    await source.getItems([newAsin()], "US");

    const [grant, ...more] = await calls({ kind: "token", clientId: config.credentialId });
    expect(more).toEqual([]);
    expect(grant).toMatchObject({
      url: "https://api.amazon.com/auth/o2/token",
      method: "POST",
      status: 200,
      contentType: "application/json",
      scope: "creatorsapi::default",
    });
    const [call] = await calls({ kind: "getItems", clientId: config.credentialId });
    expect(call?.authorization).toMatch(/^Bearer \S+$/);
  });

  it.each([
    ["3.2", "https://api.amazon.co.uk/auth/o2/token", "creatorsapi::default", "application/json"],
    ["3.3", "https://api.amazon.co.jp/auth/o2/token", "creatorsapi::default", "application/json"],
    ["2.1", "https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token", "creatorsapi/default", "application/x-www-form-urlencoded"],
    ["2.2", "https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token", "creatorsapi/default", "application/x-www-form-urlencoded"],
    ["2.3", "https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token", "creatorsapi/default", "application/x-www-form-urlencoded"],
  ])("credential version %s uses %s", async (version, url, scope, contentType) => {
    const marketplace = version === "3.2" || version === "2.2" ? "DE" : "US";
    const { config, source } = makeSource({ version, partnerTag: STORE_TAG[marketplace] });
    const result = await source.getItems([newAsin()], marketplace);
    expect([...result.values()].every((outcome) => outcome.ok)).toBe(true);

    const [grant] = await calls({ kind: "token", clientId: config.credentialId });
    expect(grant).toMatchObject({ url, status: 200, scope, contentType });
    const [call] = await calls({ kind: "getItems", clientId: config.credentialId });
    // Cognito (2.x) tokens name their version in the header; LwA (3.x) ones do not.
    expect(call?.authorization).toMatch(version.startsWith("2.") ? new RegExp(`^Bearer \\S+, Version ${version}$`) : /^Bearer \S+$/);
  });

  it("reuses the token across calls", async () => {
    const { config, source } = makeSource();
    await source.getItems([newAsin()], "US");
    await source.getItems([newAsin()], "US");

    expect(await grants(config.credentialId)).toBe(1);
    const sent = await calls({ kind: "getItems", clientId: config.credentialId });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.authorization).toBe(sent[1]?.authorization);
  });

  it("renews the token once it is within a minute of expiring", async () => {
    const { config, source } = makeSource();
    // 61 s of life leaves one second before the 60 s renewal margin.
    await control("token-lifetime", { clientId: config.credentialId, seconds: 61 });
    // The Worker's clock stands still until moved: a loaded machine cannot spend that second between the first two calls.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await source.getItems([newAsin()], "US");
      await source.getItems([newAsin()], "US");
      expect(await grants(config.credentialId)).toBe(1);

      vi.setSystemTime(Date.now() + 1000);
      await source.getItems([newAsin()], "US");
      expect(await grants(config.credentialId)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shares one grant between concurrent calls", async () => {
    const { config, source } = makeSource();
    const results = await Promise.all(Array.from({ length: 6 }, () => source.getItems([newAsin()], "US")));

    expect(results.every((map) => [...map.values()].every((outcome) => outcome.ok))).toBe(true);
    expect(await grants(config.credentialId)).toBe(1);
  });

  it("shares the cached token between source instances with the same credential", async () => {
    const { config, source } = makeSource();
    await source.getItems([newAsin()], "US");
    await new CreatorsProductSource(config).getItems([newAsin()], "US");
    expect(await grants(config.credentialId)).toBe(1);
  });

  it("drops a token the API refuses and retries once with a new grant", async () => {
    const { config, source } = makeSource();
    await source.getItems([newAsin()], "US");
    await control("revoke-tokens", { clientId: config.credentialId });

    const asin = newAsin();
    const result = await source.getItems([asin], "US");
    expect(result.get(asin)?.ok).toBe(true);
    expect(await grants(config.credentialId)).toBe(2);
    expect((await calls({ kind: "getItems", asin })).map((call) => call.status)).toEqual([401, 200]);
  });

  it("reports unauthorized when the token endpoint refuses the credential, without calling getItems", async () => {
    const { config, source } = makeSource({ credentialSecret: "wrong" });
    await control("clients", { clientId: config.credentialId, secret: "right" });

    const error = await upstreamError(source.getItems([newAsin()], "US"));
    expect(error.kind).toBe("unauthorized");
    expect(await calls({ kind: "getItems", clientId: config.credentialId })).toEqual([]);
  });
});

describe("CreatorsProductSource: getItems request", () => {
  it("posts the documented body to creatorsapi.amazon with the marketplace header", async () => {
    const { config, source } = makeSource();
    const asin = newAsin();
    await source.getItems([asin], "US");

    const [call, ...more] = await calls({ kind: "getItems", asin });
    expect(more).toEqual([]);
    expect(call).toMatchObject({
      url: "https://creatorsapi.amazon/catalog/v1/getItems",
      method: "POST",
      status: 200,
      clientId: config.credentialId,
      marketplace: "www.amazon.com",
    });
    expect(call?.body).toEqual({
      itemIds: [asin],
      partnerTag: "ranklayer-20",
      resources: [...GET_ITEMS_RESOURCES],
    });
  });

  it("sends only the reference SDKs' members: Amazon (the fake) refuses a body with any other, such as PA-API 5's itemIdType", async () => {
    // What the client sent before: PA-API 5's itemIdType and a marketplace member beside the header.
    const fetcher: typeof fetch = (input, init) => {
      if (!String(input).endsWith("/getItems")) return fetch(input, init);
      const body = { ...JSON.parse(String(init?.body)), itemIdType: "ASIN", marketplace: "www.amazon.com" };
      return fetch(input, { ...init, body: JSON.stringify(body) });
    };
    const asin = newAsin();
    expect((await upstreamError(makeSource({}, fetcher).source.getItems([asin], "US"))).kind).not.toBe("timeout");
    expect(await calls({ kind: "getItems", asin })).toEqual([expect.objectContaining({ status: 400, error: expect.stringContaining("Unknown members of GetItemsRequestContent: itemIdType, marketplace") })]);
  });

  it("asks only for the resources the product needs, customer reviews included", () => {
    expect([...GET_ITEMS_RESOURCES].sort()).toEqual(
      [
        "browseNodeInfo.browseNodes",
        "browseNodeInfo.browseNodes.ancestor",
        "browseNodeInfo.browseNodes.salesRank",
        "browseNodeInfo.websiteSalesRank",
        "customerReviews.count",
        "customerReviews.starRating",
        "images.primary.large",
        "itemInfo.byLineInfo",
        "itemInfo.title",
        "offersV2.listings.isBuyBoxWinner",
        "offersV2.listings.price",
      ].sort(),
    );
  });

  it.each<[Marketplace, string, string]>([
    ["US", "www.amazon.com", "USD"],
    ["DE", "www.amazon.de", "EUR"],
    ["UK", "www.amazon.co.uk", "GBP"],
    ["JP", "www.amazon.co.jp", "JPY"],
    ["MX", "www.amazon.com.mx", "MXN"],
  ])("sends marketplace %s as %s and reads %s prices", async (marketplace, host, currency) => {
    const { source } = makeSource({ partnerTag: STORE_TAG[marketplace] });
    const asin = newAsin();
    const result = await source.getItems([asin], marketplace);

    const [call] = await calls({ kind: "getItems", asin });
    // In the x-marketplace header only: the request body has no marketplace member.
    expect(call?.marketplace).toBe(host);
    expect(call?.body).not.toHaveProperty("marketplace");
    const found = product(result.get(asin));
    expect(found.marketplace).toBe(marketplace);
    expect(found.price?.currency).toBe(currency);
    expect(found.detailPageUrl).toMatch(new RegExp(`^https://${host.replace(/\./g, "\\.")}/dp/${asin}\\?tag=${STORE_TAG[marketplace]}`));
  });

  it("reads the brand from itemInfo.byLineInfo (it asks for it), the brand the portfolio groups live ASINs by", async () => {
    const { source } = makeSource({ partnerTag: STORE_TAG.DE });
    const asin = newAsin();
    const found = product((await source.getItems([asin], "DE")).get(asin));
    expect(found.brand).toBeTruthy();
    expect(found.title?.startsWith(`${found.brand} `)).toBe(true);
  });

  it("builds its URLs from the override base and auth URL", async () => {
    const { config, source } = makeSource({
      apiBaseUrl: "https://creators-fake.test/override/",
      authUrl: "https://creators-fake.test/override/auth/o2/token",
    });
    const asin = newAsin();
    expect(product((await source.getItems([asin], "US")).get(asin)).asin).toBe(asin);

    const [grant] = await calls({ kind: "token", clientId: config.credentialId });
    expect(grant?.url).toBe("https://creators-fake.test/override/auth/o2/token");
    const [call] = await calls({ kind: "getItems", asin });
    expect(call?.url).toBe("https://creators-fake.test/override/catalog/v1/getItems");
  });

  it("splits a batch of 12 into calls of 10 and 2", async () => {
    const { config, source } = makeSource();
    const asins = Array.from({ length: 12 }, newAsin);
    const result = await source.getItems(asins, "US");

    expect([...result.keys()].sort()).toEqual([...asins].sort());
    expect([...result.values()].every((outcome) => outcome.ok)).toBe(true);
    const sent = await calls({ kind: "getItems", clientId: config.credentialId });
    expect(sent.map((call) => call.itemIds?.length).sort()).toEqual([10, 2].sort());
    expect(sent.flatMap((call) => call.itemIds ?? []).sort()).toEqual([...asins].sort());
    expect(await grants(config.credentialId)).toBe(1);
  });

  it("sends a repeated ASIN once and still answers for it", async () => {
    const { source } = makeSource();
    const asin = newAsin();
    const result = await source.getItems([asin, asin], "US");
    expect([...result.keys()]).toEqual([asin]);
    expect((await calls({ kind: "getItems", asin }))[0]?.itemIds).toEqual([asin]);
  });
});

describe("CreatorsProductSource: mapping", () => {
  it("maps title, image, category path, rank, price, link and the customer reviews Amazon answers", async () => {
    const { source } = makeSource({ partnerTag: STORE_TAG.DE });
    const asin = newAsin();
    const found = product((await source.getItems([asin], "DE")).get(asin));

    expect(found.asin).toBe(asin);
    expect(found.title).toMatch(/\S/);
    expect(found.image).toMatch(/^https:\/\/m\.media-amazon\.com\/images\/I\/\S+\._SL500_\.jpg$/);
    // Root (the website sales-rank category) first, leaf last; German names on amazon.de.
    expect(found.categoryPath).toHaveLength(3);
    expect([
      "Elektronik & Foto",
      "Küche, Haushalt & Wohnen",
      "Sport & Freizeit",
      "Baumarkt",
    ]).toContain(found.categoryPath[0]);
    expect(Number.isInteger(found.rank) && (found.rank ?? 0) > 0).toBe(true);
    expect(found.price?.amount).toBeGreaterThan(0);
    expect(found.price?.currency).toBe("EUR");
    expect(found.offers).toBeNull();
    // The fake answers customerReviews for most items (none for some): either both or neither.
    expect(found.rating === null).toBe(found.reviewCount === null);
    if (found.rating !== null) {
      expect(found.rating).toBeGreaterThanOrEqual(3);
      expect(found.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(found.reviewCount) && (found.reviewCount ?? 0) > 0).toBe(true);
    }
    expect(found.detailPageUrl).toMatch(/^https:\/\/www\.amazon\.de\/dp\//);

    // The same ASIN and marketplace always read the same.
    expect(product((await source.getItems([asin], "DE")).get(asin))).toEqual(found);
  });

  it("returns per-item failures next to good items", async () => {
    const { source } = makeSource();
    const [good, invalid, hidden] = [newAsin(), newAsin(), newAsin()];
    await control("script", { asin: invalid, behavior: "invalid" });
    await control("script", { asin: hidden, behavior: "not_accessible" });

    const result = await source.getItems([good, invalid, hidden], "US");
    expect(product(result.get(good)).asin).toBe(good);
    expect(result.get(invalid)).toMatchObject({ ok: false, reason: "not_found" });
    expect(result.get(hidden)).toMatchObject({ ok: false, reason: "not_accessible" });
  });

  it("answers not_found for every ASIN when all of them are invalid", async () => {
    const { source } = makeSource();
    const asins = [newAsin(), newAsin()];
    await control("script", { asins, behavior: "invalid" });
    const result = await source.getItems(asins, "US");
    expect(asins.map((asin) => result.get(asin)?.ok)).toEqual([false, false]);
  });
});

describe("CreatorsProductSource: failures", () => {
  it.each([
    ["throttling, with the Retry-After the API sent", { behavior: "throttled", retryAfterSeconds: 7 }, "throttled", 7],
    ["throttling without a wait when Retry-After is absent", { behavior: "throttled" }, "throttled", undefined],
    ["an associate account that is not eligible", { behavior: "not_eligible" }, "not_eligible", undefined],
    ["a 500 as unavailable", { behavior: "error500" }, "unavailable", undefined],
  ] as const)("reports %s", async (_, script, kind, retryAfterSeconds) => {
    const { source } = makeSource();
    const asin = newAsin();
    await control("script", { asin, ...script });
    const error = await upstreamError(source.getItems([asin], "US"));
    expect(error.kind).toBe(kind);
    expect(error.retryAfterSeconds).toBe(retryAfterSeconds);
  });

  it("reports unauthorized when the API refuses even a fresh token", async () => {
    // A 3.x token sent the 2.x way is refused every time; the client retries once, then gives up.
    const fetcher: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      const auth = headers.get("Authorization");
      if (auth) headers.set("Authorization", `${auth}, Version 3.1`);
      return fetch(input, { ...init, headers });
    };
    const { config, source } = makeSource({}, fetcher);
    const asin = newAsin();

    expect((await upstreamError(source.getItems([asin], "US"))).kind).toBe("unauthorized");
    expect((await calls({ kind: "getItems", asin })).map((call) => call.status)).toEqual([401, 401]);
    expect(await grants(config.credentialId)).toBe(2);
  });

  it("fails the whole batch when one chunk fails", async () => {
    const { source } = makeSource();
    const asins = Array.from({ length: 11 }, newAsin);
    await control("script", { asin: asins[10], behavior: "error500" });
    expect((await upstreamError(source.getItems(asins, "US"))).kind).toBe("unavailable");
  });

  it("times out within timeoutMs when the API is slow", async () => {
    const { source } = makeSource({ timeoutMs: 150 });
    const asin = newAsin();
    await control("script", { asin, behavior: "slow", delayMs: 3000 });

    const started = Date.now();
    const error = await upstreamError(source.getItems([asin], "US"));
    expect(error.kind).toBe("timeout");
    // Long before the answer would have come; the slack is for a loaded machine's late timer.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports an unreadable answer as unavailable", async () => {
    const fetcher: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      return String(input).endsWith("/getItems") ? new Response("<html>oops</html>", { status: 200 }) : res;
    };
    const { source } = makeSource({}, fetcher);
    expect((await upstreamError(source.getItems([newAsin()], "US"))).kind).toBe("unavailable");
  });

  it("reports a network failure as unavailable", async () => {
    const fetcher: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/getItems")) throw new TypeError("Network connection lost.");
      return fetch(input, init);
    };
    const { source } = makeSource({}, fetcher);
    expect((await upstreamError(source.getItems([newAsin()], "US"))).kind).toBe("unavailable");
  });

  it("reports an unknown credential version as unauthorized without a network call", async () => {
    const { config, source } = makeSource({ version: "9.9" });
    expect((await upstreamError(source.getItems([newAsin()], "US"))).kind).toBe("unauthorized");
    expect(await calls({ clientId: config.credentialId })).toEqual([]);
  });
});

describe("creatorsConfigFromEnv", () => {
  const secrets = {
    CREATORS_CREDENTIAL_ID: "id-1",
    CREATORS_CREDENTIAL_SECRET: "secret-1",
    CREATORS_US_PARTNER_TAG: "tag-20",
  };

  it("is null until the id, secret and partner tag are all set", () => {
    expect(
      creatorsConfigFromEnv({ ...env, CREATORS_CREDENTIAL_ID: undefined, CREATORS_CREDENTIAL_SECRET: undefined, CREATORS_US_PARTNER_TAG: undefined }),
    ).toBeNull();
    for (const missing of Object.keys(secrets)) {
      expect(creatorsConfigFromEnv({ ...env, ...secrets, [missing]: "" })).toBeNull();
    }
  });

  it("defaults to a 3.1 credential and Amazon's real endpoints when the overrides are empty", () => {
    expect(
      creatorsConfigFromEnv({ ...env, ...secrets, CREATORS_API_BASE_URL: "", CREATORS_AUTH_URL: "", UPSTREAM_TIMEOUT_MS: "2500" }),
    ).toEqual({
      credentialId: "id-1",
      credentialSecret: "secret-1",
      // Tags are per store: the region's config carries them by marketplace.
      partnerTags: { US: "tag-20" },
      version: "3.1",
      apiBaseUrl: undefined,
      authUrl: undefined,
      timeoutMs: 2500,
    });
  });

  it("takes the credential version and override URLs when set", () => {
    const config = creatorsConfigFromEnv({
      ...env,
      ...secrets,
      CREATORS_UK_PARTNER_TAG: "tag-21",
      CREATORS_CREDENTIAL_VERSION: "2.2",
      CREATORS_API_BASE_URL: "http://127.0.0.1:9999",
      CREATORS_AUTH_URL: "http://127.0.0.1:9999/auth/o2/token",
    });
    expect(config).toMatchObject({
      version: "2.2",
      apiBaseUrl: "http://127.0.0.1:9999",
      authUrl: "http://127.0.0.1:9999/auth/o2/token",
    });
  });
});
