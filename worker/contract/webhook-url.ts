/**
 * What a webhook URL may be: a public https name on port 443. The check is on the text
 * only (a Worker cannot resolve names first); in production Cloudflare itself refuses to
 * fetch private and internal addresses, and this closes the names that obviously point
 * at one. Pure, shared by the Worker (on save, on test and before every delivery) and the
 * settings form.
 */

/** Suffixes that never name a public host (RFC 6761, 6762, 8375 and cloud metadata names). */
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "arpa", "test", "invalid", "home.arpa", "lan", "intranet"];
/** Wildcard DNS services that answer any name embedding an IP with that IP. */
const WILDCARD_DNS = ["nip.io", "sslip.io", "xip.io", "traefik.me", "localtest.me", "lvh.me", "backname.io"];
/** Four decimal octets joined by dots or dashes anywhere in the name ("10.0.0.1.example", "10-0-0-1.example"). */
const EMBEDDED_IPV4 = /(^|[.-])\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3}($|[.-])/;

const endsWith = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** Why `text` is not an acceptable webhook URL, or null when it is. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Webhook URL must be a full https:// address, e.g. https://hooks.slack.com/services/…";
  }
  if (url.protocol !== "https:") return "Webhook URL must start with https://";
  if (url.username || url.password) return "Webhook URL must not contain a user name or password";
  if (url.port !== "") return "Webhook URL must use the standard https port (443)";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  // URL has already turned every IPv4 form (0x7f000001, 0177.0.0.1, 0x7f.1) into digits: a host left starting with 0x is a name.
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return "Webhook URL must name a host, not an IP address";
  if (!host.includes(".")) return "Webhook URL must name a public host (e.g. hooks.slack.com), not a single-label name";
  if (PRIVATE_SUFFIXES.some((suffix) => endsWith(host, suffix))) return "Webhook URL must name a public host, not a local or internal one";
  if (WILDCARD_DNS.some((suffix) => endsWith(host, suffix)) || EMBEDDED_IPV4.test(host)) {
    return "Webhook URL must not be a name that embeds an IP address";
  }
  // URL has already turned any non-ASCII name into its xn-- form.
  if (!/^[a-z0-9.-]+$/.test(host)) {
    return "Webhook URL must name a host, e.g. hooks.slack.com";
  }
  return null;
}
