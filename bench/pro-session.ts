/**
 * A browser-like session of a paying seller for the benchmark: the seeded Pro seller's session
 * (bench/dashboard-seed.ts) and its XSRF token. Not the demo account: a demo account on a key or
 * on demo Pro is served the labelled sample data (services.ts, demoUsesSampleData), never the
 * cache or the upstream, so it would not measure the cached and cold paths.
 */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) this.add(cookie);
  }
  /** A cookie as `name=value` (anything after a ";" is ignored). */
  add(cookie: string): void {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get(name: string): string {
    return this.cookies.get(name) ?? "";
  }
}

export interface ProSession {
  /** The session's cookies, as one Cookie header. */
  cookie(): string;
  /** A request with the session and its XSRF token; throws on a non-2xx answer. */
  send(path: string, method?: string, body?: unknown): Promise<Response>;
}

export async function proSession(appUrl: string, sessionCookie: string): Promise<ProSession> {
  const jar = new CookieJar();
  jar.add(sessionCookie);
  const send = async (path: string, method = "GET", body?: unknown) => {
    const res = await fetch(`${appUrl}${path}`, {
      method,
      headers: {
        Cookie: jar.header(),
        "X-XSRF-TOKEN": jar.get("XSRF-TOKEN"),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.take(res);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  // The XSRF token bound to the session.
  await send("/api/auth/xsrf");
  return { cookie: () => jar.header(), send };
}
