/**
 * The ASCII (IDNA A-label) form of a mail domain: `bücher.de` and `xn--bcher-kva.de` are one
 * domain. Cloudflare Email Service documents no SMTPUTF8 (its SMTP submission, the same pipeline
 * as the binding, does not offer it), so a recipient's domain goes out as an A-label; and one
 * stored form keeps one mailbox one identity. The WHATWG URL parser's IDNA does the conversion,
 * so no dependency is needed.
 */

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The A-label form of `domain` (lower case), or null where IDNA refuses it (a disallowed
 * character, a label breaking the bidi or joiner rules) or where it is not a host name at all.
 */
export function asciiDomain(domain: string): string | null {
  // The URL parser would decode "%61" into "a": no mail domain holds a "%".
  if (domain.includes("%")) return null;
  let url: URL;
  try {
    url = new URL(`http://${domain}`);
  } catch {
    return null;
  }
  // The whole domain must be the host: a "/", "?", "#" or ":port" would end it early.
  if (url.href !== `http://${url.hostname}/`) return null;
  // An ASCII domain must come out as it went in: a numeric one is read as an IPv4 address and
  // rewritten ("1.2" becomes 1.0.0.2), which would mail somewhere else.
  if (ASCII.test(domain) && url.hostname !== domain.toLowerCase()) return null;
  return url.hostname;
}

/**
 * `a@example.com.` (the fully qualified form, a trailing dot for the DNS root) reaches the same
 * mailbox as `a@example.com`: one dot at the end goes, so it is never a second account,
 * invitation or recipient. Two dots are no address.
 */
export function withoutRootDot(address: string): string {
  return address.endsWith(".") && !address.endsWith("..") ? address.slice(0, -1) : address;
}

/**
 * An address as Email Service accepts it (the root's dot dropped): a non-ASCII domain becomes its A-label, the local part
 * stays as it is. An address that cannot be converted is left alone, for the service to refuse.
 */
export function sendableAddress(typed: string): string {
  const address = withoutRootDot(typed);
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  if (at < 0 || ASCII.test(domain)) return address;
  const ascii = asciiDomain(domain);
  return ascii ? `${address.slice(0, at)}@${ascii}` : address;
}
