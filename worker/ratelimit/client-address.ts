/**
 * Which addresses count as one anonymous client. Pure. An IPv4 address is one; an IPv6 address
 * stands for its /64, since a subscriber is given a whole /64 (RFC 6177) and picks any address
 * in it at will (privacy addresses change daily on their own): counted per address, anyone on
 * IPv6 would have a fresh Free allowance with every request.
 */
export function clientAddressBucket(address: string): string {
  const hextets = ipv6Hextets(address);
  if (!hextets) return address;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join(".");
  }
  return `${hextets.slice(0, 4).map((h) => h.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone and `::` expanded, a trailing IPv4 read), or null when it is not one. */
function ipv6Hextets(address: string): number[] | null {
  const text = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!text.includes(":")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":").flatMap(groupValues));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head.includes(NaN) || tail.includes(NaN)) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
}

/** One group's value, or a dotted IPv4 tail's two; NaN when it is neither. */
function groupValues(group: string): number[] {
  if (/^[0-9a-f]{1,4}$/.test(group)) return [parseInt(group, 16)];
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(group)?.slice(1).map(Number);
  if (!octets || octets.some((o) => o > 255)) return [NaN];
  return [(octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!];
}
