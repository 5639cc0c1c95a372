/**
 * A fake Amazon Creators API that checks requests the way the real service does and
 * answers in its documented shapes (Amazon's reference SDK models). It plays the real
 * hosts, so tests prove the real URLs are used, and any override URL on the test-only
 * host creators-fake.test (or, from creators-server.ts, whatever host it listens on).
 *
 * Tests inside workerd drive it over HTTP, under https://creators-fake.test/__control/:
 *   POST reset                                  forget everything (never from parallel tests)
 *   POST script          { asin | asins, behavior, delayMs?, retryAfterSeconds?, retryAfter? }
 *        retryAfter: the Retry-After header as given (an HTTP date, say one in 2100), for 429 and 503
 *        behavior: normal | invalid | not_accessible | throttled | not_eligible | error500 | slow
 *                  | error503 (with Retry-After when retryAfterSeconds is given)
 *                  | resource_not_found (404 ResourceNotFoundException naming the ASIN as resourceId)
 *                  | no_buybox (the item's listings, two offers, none of them the Buy Box winner)
 *                  | raw { status?, body?, text?, headers? }: exactly this answer (fault runs: a 200
 *                    with `{}`, null, a list, another ASIN, a duplicate, garbled fields, non-JSON text)
 *   POST token-lifetime  { seconds, clientId? }  expires_in of later grants (per client, or default)
 *   POST token-delay     { clientId, delayMs }   the client's token grants take this long (a slow auth host)
 *   POST clients         { clientId, secret, tags? }  only this secret is accepted for clientId; with
 *                        `tags`, the credential's Associates account holds only these partner tags
 *   POST revoke-tokens   { clientId }             tokens issued so far now answer 401
 *   POST rate            { clientId, perSecond, perDay }  the credential's provisioned rate (see below)
 *   GET  calls?kind=&clientId=&asin=             { calls: CallRecord[] }, oldest first
 *   GET  grants?clientId=                        { clientId, grants } or { grants: { [id]: n } }
 *
 * Partner tags: an Associates tag belongs to one store, and Amazon answers a tag used in another
 * store with 400 InvalidPartnerTag ("The partner tag is not mapped to a valid associate store
 * with your access key"). The fake knows a tag's store the way Amazon's suffixes do (`…-20`
 * amazon.com, .ca, .com.mx; `…-21` .co.uk, .de, .fr, .it, .es; `…-22` .co.jp), narrowed to one
 * store by TAG_REGISTRY (`ranklayer-20` is amazon.com's) or by a test tag naming its store
 * (`ranklayer-uk-21`); see storesOfTag. A tag also belongs to one Associates account: with a
 * credential whose account's tags are known (POST clients `tags`), a tag of the right store but
 * another account is refused the same way (the credential and the tag must come from one account).
 *
 * Rate: Amazon counts every getItems call against its credential's TPS and TPD (10 ASINs in one
 * call are one transaction) and answers a call past either with 429 ThrottleException and no
 * Retry-After. A new account has 1 TPS and 8,640 TPD; revenue raises the TPS to at most 10. A
 * credential nobody provisioned (POST rate) is one at that ceiling: 10 TPS, 864,000 TPD. The
 * fake keeps real time, the clock of the Worker's budget it checks.
 */
import type { FakeUpstream } from "./outbound.ts";
import { fakeItem, KNOWN_RESOURCES, MARKETPLACES } from "./creators-products.ts";
import type { CallRecord } from "./creators-calls.ts";

/** GetItemsRequestContent's members in Amazon's reference SDKs (creatorsapi-php-sdk, creatorsapi-python-sdk). */
const GET_ITEMS_REQUEST_MEMBERS = new Set(["partnerTag", "itemIds", "condition", "currencyOfPreference", "languagesOfPreference", "properties", "resources"]);

export const CONTROL_HOST = "creators-fake.test";
const API_HOST = "creatorsapi.amazon";
const GET_ITEMS_PATH = "/catalog/v1/getItems";

type Style = "cognito" | "lwa";
/** Real token hosts: Cognito for 2.x credentials, Login with Amazon for 3.x. */
const TOKEN_HOSTS: Record<string, { style: Style; version: string }> = {
  "creatorsapi.auth.us-east-1.amazoncognito.com": { style: "cognito", version: "2.1" },
  "creatorsapi.auth.eu-south-2.amazoncognito.com": { style: "cognito", version: "2.2" },
  "creatorsapi.auth.us-west-2.amazoncognito.com": { style: "cognito", version: "2.3" },
  "api.amazon.com": { style: "lwa", version: "3.1" },
  "api.amazon.co.uk": { style: "lwa", version: "3.2" },
  "api.amazon.co.jp": { style: "lwa", version: "3.3" },
};
const TOKEN_PATHS: Record<Style, string> = { cognito: "/oauth2/token", lwa: "/auth/o2/token" };
const SCOPES: Record<Style, string> = { cognito: "creatorsapi/default", lwa: "creatorsapi::default" };
const MAX_ITEM_IDS = 10;

export interface ProvisionedRate {
  perSecond: number;
  perDay: number;
}
/** Amazon's ceiling for a credential with enough shipped revenue; a new account has 1 TPS and 8,640 TPD. */
const CEILING_RATE: ProvisionedRate = { perSecond: 10, perDay: 864_000 };
const DAY_MS = 86_400_000;

/** One credential's transactions: a bucket of up to one second's worth, refilled at its TPS, and the UTC day's count. */
interface RateUse {
  tokens: number;
  refilledAt: number;
  day: number;
  today: number;
}

export const BEHAVIORS = ["normal", "invalid", "not_accessible", "throttled", "not_eligible", "error500", "slow", "error503", "resource_not_found", "raw", "no_buybox"] as const;
export type Behavior = (typeof BEHAVIORS)[number];
interface Script {
  behavior: Behavior;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** The Retry-After header verbatim (wins over retryAfterSeconds): dates, absurd values. */
  retryAfter?: string;
  /** raw: the answer's status (200 unless given), JSON body or raw text, and headers. */
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

interface IssuedToken {
  clientId: string;
  style: Style;
  /** The credential version the token endpoint serves, when the endpoint is a real one. */
  version?: string;
  expiresAt: number;
  revoked: boolean;
}

export class CreatorsFake implements FakeUpstream {
  private readonly latencyMs: number;
  private scripts = new Map<string, Script>();
  private tokens = new Map<string, IssuedToken>();
  private grants = new Map<string, number>();
  private secrets = new Map<string, string>();
  /** The partner tags of each credential's Associates account, where a test named them. */
  private accountTags = new Map<string, string[]>();
  private lifetimes = new Map<string, number>();
  private defaultLifetimeS = 3600;
  private rates = new Map<string, ProvisionedRate>();
  private tokenDelays = new Map<string, number>();
  private rateUse = new Map<string, RateUse>();
  private log: CallRecord[] = [];
  private seq = 0;

  constructor(options: { latencyMs?: number; rates?: Record<string, ProvisionedRate> } = {}) {
    this.latencyMs = options.latencyMs ?? 0;
    for (const [clientId, rate] of Object.entries(options.rates ?? {})) this.provision(clientId, rate);
  }

  handles(url: URL): boolean {
    return url.hostname === API_HOST || url.hostname in TOKEN_HOSTS || url.hostname === CONTROL_HOST;
  }

  /** getItems calls received so far, accepted or not. */
  getItemsCalls(): number {
    return this.log.filter((call) => call.kind === "getItems").length;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__control/")) return this.control(request, url);
    if (this.latencyMs > 0) await sleep(this.latencyMs);

    const real = url.hostname === API_HOST || url.hostname in TOKEN_HOSTS;
    const tokenHost = TOKEN_HOSTS[url.hostname];
    if (tokenHost ? url.pathname === TOKEN_PATHS[tokenHost.style] : !real && /\/(oauth2|auth\/o2)\/token$/.test(url.pathname)) {
      return this.token(request, url, tokenHost);
    }
    if (url.hostname === API_HOST ? url.pathname === GET_ITEMS_PATH : !real && url.pathname.endsWith(GET_ITEMS_PATH)) {
      return this.getItems(request, url);
    }
    this.record({ kind: "unknown", method: request.method, url: url.href, status: 404, error: "no such path" });
    return json(404, { type: "ResourceNotFoundException", message: `No resource at ${url.pathname}` });
  }

  // ---- OAuth2 client-credentials grant ----

  private async token(request: Request, url: URL, real: { style: Style; version: string } | undefined): Promise<Response> {
    const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const base = { kind: "token" as const, method: request.method, url: url.href, contentType };
    const refuse = (status: number, error: string, description: string, clientId?: string) => {
      this.record({ ...base, status, error: `${error}: ${description}`, clientId });
      return json(status, { error, error_description: description });
    };
    if (request.method !== "POST") return refuse(405, "invalid_request", "token requests are POSTs");

    // Cognito takes a form body, Login with Amazon a JSON one (reference SDK OAuth2TokenManager).
    const style: Style | undefined = real?.style ?? (contentType === "application/json" ? "lwa" : contentType === "application/x-www-form-urlencoded" ? "cognito" : undefined);
    const expected = style === "lwa" ? "application/json" : "application/x-www-form-urlencoded";
    if (!style || contentType !== expected) return refuse(400, "invalid_request", `expected Content-Type ${expected}`);

    let fields: Record<string, unknown>;
    try {
      const text = await request.text();
      fields = style === "lwa" ? (JSON.parse(text) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return refuse(400, "invalid_request", "unreadable body");
    }
    const clientId = typeof fields.client_id === "string" ? fields.client_id : "";
    const secret = typeof fields.client_secret === "string" ? fields.client_secret : "";
    if (fields.grant_type !== "client_credentials") return refuse(400, "unsupported_grant_type", "grant_type must be client_credentials", clientId);
    if (!clientId || !secret) return refuse(401, "invalid_client", "client_id and client_secret are required in the body", clientId);
    const known = this.secrets.get(clientId);
    if (known !== undefined && known !== secret) return refuse(401, "invalid_client", "Client authentication failed", clientId);
    if (fields.scope !== SCOPES[style]) return refuse(400, "invalid_scope", `scope must be ${SCOPES[style]}`, clientId);

    const delay = this.tokenDelays.get(clientId);
    if (delay) await sleep(delay);
    const lifetime = this.lifetimes.get(clientId) ?? this.defaultLifetimeS;
    const token = `fake-${style}-${crypto.randomUUID()}`;
    this.tokens.set(token, { clientId, style, version: real?.version, expiresAt: Date.now() + lifetime * 1000, revoked: false });
    this.grants.set(clientId, (this.grants.get(clientId) ?? 0) + 1);
    this.record({ ...base, status: 200, clientId, scope: SCOPES[style] });
    return json(200, { access_token: token, token_type: "bearer", expires_in: lifetime });
  }

  // ---- getItems ----

  private async getItems(request: Request, url: URL): Promise<Response> {
    const authorization = request.headers.get("authorization") ?? "";
    const marketplace = request.headers.get("x-marketplace") ?? "";
    const record: Omit<CallRecord, "seq" | "at" | "status"> = { kind: "getItems", method: request.method, url: url.href, authorization, marketplace };
    const answer = (status: number, body: unknown, error?: string, headers?: Record<string, string>) => {
      this.record({ ...record, status, error });
      return json(status, body, headers);
    };
    const invalid = (reason: string, message: string, field?: string) =>
      answer(400, { type: "ValidationException", message, reason, ...(field ? { fieldList: [{ path: field, message }] } : {}) }, `${reason}: ${message}`);

    if (request.method !== "POST") return answer(405, { type: "ValidationException", message: "getItems is a POST", reason: "UnknownOperation" }, "method");

    // Read the body before judging anything, so even refused calls are logged with their items.
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(await request.text());
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    record.body = body;
    if (Array.isArray(body?.itemIds)) record.itemIds = body.itemIds.map((id) => String(id).toUpperCase());

    const auth = this.authenticate(authorization);
    if ("reason" in auth) {
      return answer(401, { type: "UnauthorizedException", message: auth.message, reason: auth.reason }, `${auth.reason}: ${auth.message}`);
    }
    record.clientId = auth.clientId;
    const overRate = this.spendTransaction(auth.clientId, Date.now());
    if (overRate) return answer(429, { type: "ThrottleException", message: "Rate exceeded" }, `rate: past the credential's ${overRate}`);

    if ((request.headers.get("content-type") ?? "").split(";")[0]!.trim() !== "application/json") {
      return invalid("CannotParse", "Content-Type must be application/json");
    }
    if (!body) return invalid("CannotParse", "The request body is not a JSON object");
    if (!(marketplace in MARKETPLACES)) return invalid("FieldValidationFailed", `x-marketplace ${JSON.stringify(marketplace)} is not a marketplace`, "x-marketplace");
    // The reference SDKs' GetItemsRequestContent has these members and no others (the marketplace
    // goes in the x-marketplace header, and every item id is an ASIN): a body with any other member
    // is refused, so the client cannot drift from the model unseen.
    const unknown = Object.keys(body).filter((name) => !GET_ITEMS_REQUEST_MEMBERS.has(name));
    if (unknown.length > 0) return invalid("FieldValidationFailed", `Unknown member${unknown.length > 1 ? "s" : ""} of GetItemsRequestContent: ${unknown.join(", ")}`, unknown[0]);
    const itemIds = body.itemIds;
    if (!Array.isArray(itemIds) || itemIds.length === 0 || !itemIds.every((id) => typeof id === "string" && /^[A-Z0-9]{10}$/i.test(id))) {
      return invalid("FieldValidationFailed", "itemIds must be a non-empty list of item ids", "itemIds");
    }
    const ids = itemIds.map((id: string) => id.toUpperCase());
    if (itemIds.length > MAX_ITEM_IDS) return invalid("FieldValidationFailed", `itemIds takes at most ${MAX_ITEM_IDS} ids`, "itemIds");
    if (typeof body.partnerTag !== "string" || body.partnerTag === "") return invalid("InvalidPartnerTag", "partnerTag is required");
    const accountTags = this.accountTags.get(auth.clientId);
    if (!storesOfTag(body.partnerTag).includes(marketplace) || (accountTags && !accountTags.includes(body.partnerTag))) {
      return invalid("InvalidPartnerTag", "The partner tag is not mapped to a valid associate store with your access key.", "partnerTag");
    }
    const resources = body.resources ?? [];
    if (!Array.isArray(resources) || !resources.every((r) => typeof r === "string" && KNOWN_RESOURCES.has(r))) {
      const unknown = Array.isArray(resources) ? resources.filter((r) => !KNOWN_RESOURCES.has(r)) : resources;
      return invalid("FieldValidationFailed", `Unknown resources: ${JSON.stringify(unknown)}`, "resources");
    }

    const scripts = ids.map((id) => this.scripts.get(id)).filter((s): s is Script => s !== undefined);
    const delay = Math.max(0, ...scripts.map((s) => (s.behavior === "slow" ? (s.delayMs ?? 0) : 0)));
    if (delay > 0) await sleep(delay);
    const whole = (behavior: Behavior) => scripts.find((s) => s.behavior === behavior);
    if (whole("not_eligible")) {
      return answer(403, { type: "AccessDeniedException", message: "The Associate is not eligible to access the Creators API.", reason: "AssociateNotEligible" });
    }
    const throttled = whole("throttled");
    if (throttled) {
      const headers = retryAfterHeader(throttled);
      return answer(429, { type: "ThrottleException", message: "Rate exceeded" }, undefined, headers);
    }
    if (whole("error500")) return answer(500, { type: "InternalServerException", message: "Internal failure" });
    const unavailable = whole("error503");
    if (unavailable) {
      const headers = retryAfterHeader(unavailable);
      return answer(503, { type: "ServiceUnavailableException", message: "Service unavailable" }, undefined, headers);
    }
    const missing = ids.find((id) => this.scripts.get(id)?.behavior === "resource_not_found");
    if (missing) {
      return answer(404, { type: "ResourceNotFoundException", message: `The resource ${missing} was not found.`, resourceId: missing, resourceType: "Item" }, "ResourceNotFoundException");
    }
    const raw = whole("raw");
    if (raw) {
      const status = raw.status ?? 200;
      this.record({ ...record, status });
      const text = raw.text ?? JSON.stringify(raw.body ?? null);
      return new Response(text, { status, headers: { "Content-Type": "application/json", ...raw.headers } });
    }

    const wanted = new Set(resources as string[]);
    const items: object[] = [];
    const errors: { code: string; message: string }[] = [];
    for (const id of ids) {
      const behavior = this.scripts.get(id)?.behavior;
      if (behavior === "invalid") errors.push({ code: "InvalidParameterValue", message: `The ItemId ${id} provided in the request is invalid.` });
      else if (behavior === "not_accessible") errors.push({ code: "ItemNotAccessible", message: `The ItemId ${id} is not accessible through the Creators API.` });
      else if (behavior === "no_buybox") items.push(withoutBuyBoxWinner(fakeItem(id, marketplace, body.partnerTag, wanted)));
      else items.push(fakeItem(id, marketplace, body.partnerTag, wanted));
    }
    return answer(200, { ...(items.length ? { itemsResult: { items } } : {}), ...(errors.length ? { errors } : {}) });
  }

  /** The credential's rate from now on, its count started afresh. */
  private provision(clientId: string, rate: ProvisionedRate): void {
    this.rates.set(clientId, rate);
    this.rateUse.delete(clientId);
  }

  /** Counts one call against the credential's rate; names the limit it is past (TPS or TPD), or null when within both. */
  private spendTransaction(clientId: string, now: number): string | null {
    const rate = this.rates.get(clientId) ?? CEILING_RATE;
    const capacity = Math.max(1, rate.perSecond);
    const day = Math.floor(now / DAY_MS);
    const use = this.rateUse.get(clientId) ?? { tokens: capacity, refilledAt: now, day, today: 0 };
    this.rateUse.set(clientId, use);
    use.tokens = Math.min(capacity, use.tokens + ((now - use.refilledAt) / 1000) * rate.perSecond);
    use.refilledAt = now;
    if (use.day !== day) Object.assign(use, { day, today: 0 });
    if (use.today >= rate.perDay) return `${rate.perDay} TPD`;
    if (use.tokens < 1) return `${rate.perSecond} TPS`;
    use.tokens -= 1;
    use.today += 1;
    return null;
  }

  /** The Authorization header's token: issued here, live, and in the form its credential version uses. */
  private authenticate(header: string): { clientId: string } | { reason: string; message: string } {
    const match = /^Bearer ([^\s,]+)(?:, Version (\S+))?$/.exec(header);
    if (!match) return { reason: "MissingCredential", message: "Authorization must be 'Bearer <token>' (2.x: 'Bearer <token>, Version <v>')" };
    const issued = this.tokens.get(match[1]!);
    if (!issued) return { reason: "InvalidToken", message: "The access token was not issued by this service" };
    if (issued.revoked || Date.now() >= issued.expiresAt) return { reason: "TokenExpired", message: "The access token has expired" };
    const version = match[2];
    if (issued.style === "lwa" && version !== undefined) return { reason: "InvalidToken", message: "Login with Amazon (3.x) tokens are sent without a Version" };
    if (issued.style === "cognito" && !(version !== undefined && (issued.version ? version === issued.version : version.startsWith("2.")))) {
      return { reason: "InvalidIssuer", message: `Cognito (2.x) tokens need ', Version ${issued.version ?? "2.x"}'` };
    }
    return { clientId: issued.clientId };
  }

  // ---- control surface ----

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    const input = request.method === "POST" ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : {};
    const clientId = typeof input.clientId === "string" ? input.clientId : url.searchParams.get("clientId");

    switch (`${request.method} ${action}`) {
      case "POST reset":
        this.scripts.clear();
        this.tokens.clear();
        this.grants.clear();
        this.secrets.clear();
        this.lifetimes.clear();
        this.defaultLifetimeS = 3600;
        this.rates.clear();
        this.rateUse.clear();
        this.tokenDelays.clear();
        this.log = [];
        return json(200, { ok: true });
      case "POST script": {
        const asins = Array.isArray(input.asins) ? input.asins : [input.asin];
        const behavior = input.behavior as Behavior;
        if (!asins.every((a) => typeof a === "string") || !BEHAVIORS.includes(behavior)) {
          return json(400, { error: `script needs asin(s) and a behavior of ${BEHAVIORS.join(", ")}` });
        }
        const script: Script = { behavior };
        if (typeof input.delayMs === "number") script.delayMs = input.delayMs;
        if (typeof input.retryAfterSeconds === "number") script.retryAfterSeconds = input.retryAfterSeconds;
        if (typeof input.retryAfter === "string") script.retryAfter = input.retryAfter;
        if (typeof input.status === "number") script.status = input.status;
        if ("body" in input) script.body = input.body;
        if (typeof input.text === "string") script.text = input.text;
        if (typeof input.headers === "object" && input.headers !== null) script.headers = input.headers as Record<string, string>;
        for (const asin of asins as string[]) this.scripts.set(asin.toUpperCase(), script);
        return json(200, { ok: true });
      }
      case "POST token-lifetime": {
        if (typeof input.seconds !== "number" || input.seconds <= 0) return json(400, { error: "seconds must be a positive number" });
        if (clientId) this.lifetimes.set(clientId, input.seconds);
        else this.defaultLifetimeS = input.seconds;
        return json(200, { ok: true });
      }
      case "POST clients": {
        if (!clientId || typeof input.secret !== "string") return json(400, { error: "clients needs clientId and secret" });
        this.secrets.set(clientId, input.secret);
        if (Array.isArray(input.tags)) this.accountTags.set(clientId, input.tags.map(String));
        return json(200, { ok: true });
      }
      case "POST token-delay": {
        if (!clientId || typeof input.delayMs !== "number" || input.delayMs < 0) return json(400, { error: "token-delay needs clientId and delayMs >= 0" });
        this.tokenDelays.set(clientId, input.delayMs);
        return json(200, { ok: true });
      }
      case "POST rate": {
        const { perSecond, perDay } = input;
        if (!clientId || typeof perSecond !== "number" || perSecond <= 0 || typeof perDay !== "number" || perDay < 0) {
          return json(400, { error: "rate needs clientId, perSecond > 0 and perDay >= 0" });
        }
        this.provision(clientId, { perSecond, perDay });
        return json(200, { ok: true });
      }
      case "POST revoke-tokens": {
        if (!clientId) return json(400, { error: "revoke-tokens needs clientId" });
        for (const token of this.tokens.values()) if (token.clientId === clientId) token.revoked = true;
        return json(200, { ok: true });
      }
      case "GET calls": {
        const kind = url.searchParams.get("kind");
        const asin = url.searchParams.get("asin")?.toUpperCase();
        const calls = this.log.filter(
          (call) => (!kind || call.kind === kind) && (!clientId || call.clientId === clientId) && (!asin || (call.itemIds ?? []).includes(asin)),
        );
        return json(200, { calls });
      }
      case "GET grants":
        return clientId
          ? json(200, { clientId, grants: this.grants.get(clientId) ?? 0 })
          : json(200, { grants: Object.fromEntries(this.grants) });
      default:
        return json(404, { error: `no control action ${request.method} ${action}` });
    }
  }

  private record(call: Omit<CallRecord, "seq" | "at">): void {
    this.log.push({ seq: ++this.seq, at: Date.now(), ...call });
  }
}

/** An item whose offers have no Buy Box winner: its listing, and a second one 10% cheaper, neither winning. */
function withoutBuyBoxWinner(item: object): object {
  const offers = (item as { offersV2?: { listings: Record<string, unknown>[] } }).offersV2;
  const [listing] = offers?.listings ?? [];
  if (!offers || !listing) return item;
  const money = (listing.price as { money?: { amount: number; currency: string } } | undefined)?.money;
  const cheaper = money ? { ...listing, price: { money: { ...money, amount: Math.round(money.amount * 90) / 100 } } } : { ...listing };
  offers.listings = [listing, cheaper].map((entry) => ("isBuyBoxWinner" in entry ? { ...entry, isBuyBoxWinner: false } : entry));
  return item;
}

/** A scripted answer's Retry-After header: verbatim, in seconds, or none at all (Amazon may send none). */
function retryAfterHeader(script: Script): Record<string, string> {
  if (script.retryAfter !== undefined) return { "Retry-After": script.retryAfter };
  return script.retryAfterSeconds !== undefined ? { "Retry-After": String(script.retryAfterSeconds) } : {};
}

/** A plain Associates tag's suffix names the stores that issue it (`…-20` amazon.com, ca, com.mx). */
const SUFFIX_STORES: Record<string, readonly string[]> = {
  "20": ["www.amazon.com", "www.amazon.ca", "www.amazon.com.mx"],
  "21": ["www.amazon.co.uk", "www.amazon.de", "www.amazon.fr", "www.amazon.it", "www.amazon.es"],
  "22": ["www.amazon.co.jp"],
};
const NAMED_STORES: Record<string, string> = {
  us: "www.amazon.com", ca: "www.amazon.ca", mx: "www.amazon.com.mx", uk: "www.amazon.co.uk", de: "www.amazon.de",
  fr: "www.amazon.fr", it: "www.amazon.it", es: "www.amazon.es", jp: "www.amazon.co.jp",
};
/**
 * Tags whose suffix does not settle their store, registered the way Amazon knows them (the tests'
 * "US tag"): `ranklayer-20` is amazon.com's, so Amazon refuses it in Canada and Mexico too.
 */
export const TAG_REGISTRY: Readonly<Record<string, string>> = { "ranklayer-20": "www.amazon.com" };

/**
 * The stores a tag may be used in, as Amazon decides: the registry's one store; else a test tag
 * that names its store (`ranklayer-uk-21`) and carries that store's suffix; else every store of
 * its suffix. A tag without a known suffix, or naming a store its suffix does not issue, is no
 * store's (Amazon knows no such tag): refused everywhere.
 */
export function storesOfTag(tag: string): readonly string[] {
  const registered = TAG_REGISTRY[tag.toLowerCase()];
  if (registered) return [registered];
  const match = /(?:-(us|ca|mx|uk|de|fr|it|es|jp))?-(\d+)$/i.exec(tag);
  const bySuffix = match ? (SUFFIX_STORES[match[2]!] ?? []) : [];
  if (!match?.[1]) return bySuffix;
  const named = NAMED_STORES[match[1].toLowerCase()]!;
  return bySuffix.includes(named) ? [named] : [];
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
