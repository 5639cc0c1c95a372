/**
 * A browser-like session on demo Pro for the benchmark, made the way a visitor makes one: the
 * demo sign-in (which starts on Free), then Upgrade in billing mock mode.
 */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
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

export async function proSession(appUrl: string): Promise<ProSession> {
  const jar = new CookieJar();
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
  await send("/api/auth/xsrf");
  await send("/api/auth/demo", "POST");
  // The token bound to the new session.
  await send("/api/auth/xsrf");
  await send("/api/billing/create-checkout", "POST", { planId: "pro" });
  return { cookie: () => jar.header(), send };
}
