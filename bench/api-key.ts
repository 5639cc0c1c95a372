/**
 * An API key for the benchmark, made the way a user makes one: sign in to a demo account
 * (Pro), then POST /api/api-keys with the session and its XSRF token.
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

export async function createBenchApiKey(appUrl: string): Promise<string> {
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
  const created = (await (await send("/api/api-keys", "POST", { name: "bench" })).json()) as { key: string };
  return created.key;
}
