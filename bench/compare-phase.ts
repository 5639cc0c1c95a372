/**
 * The compare phases of `npm run bench`: a Pro browser (the demo account) for compares of 10,
 * which anonymous visitors may not make, and the ten ASINs of each phase.
 */

/** Cookies of a browser signed in to a fresh demo account (Pro), as one Cookie header. */
export async function proCookies(appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  keep(await fetch(`${appUrl}/api/auth/xsrf`));
  const res = await fetch(`${appUrl}/api/auth/demo`, {
    method: "POST",
    headers: { Cookie: header(), "X-XSRF-TOKEN": jar.get("XSRF-TOKEN") ?? "" },
  });
  if (!res.ok) throw new Error(`demo sign-in answered ${res.status}: ${await res.text()}`);
  keep(res);
  return header();
}

/** Ten distinct ASINs with a prefix, e.g. B0CMPC0000…B0CMPC0009. */
export function tenAsins(prefix: string): string[] {
  return Array.from({ length: 10 }, (_, i) => `${prefix}${String(i).padStart(10 - prefix.length, "0")}`);
}

export function compareUrl(appUrl: string, asins: readonly string[]): string {
  return `${appUrl}/api/v1/compare?asins=${asins.join(",")}&marketplace=US`;
}
