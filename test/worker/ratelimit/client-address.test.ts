import { describe, expect, it } from "vitest";
import { clientAddressBucket } from "../../../worker/ratelimit/client-address";
import { clientKey } from "../../../worker/ratelimit/lookup-limit";

describe("which addresses count as one anonymous client (pure)", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientAddressBucket("192.0.2.7")).toBe("192.0.2.7");
  });

  it("counts an IPv6 address as its /64, however it is written", () => {
    const bucket = "2001:db8:aa:bb::/64";
    expect(clientAddressBucket("2001:db8:aa:bb::1")).toBe(bucket);
    expect(clientAddressBucket("2001:0DB8:00aa:00bb:1234:5678:9abc:def0")).toBe(bucket);
    expect(clientAddressBucket("2001:db8:aa:bb:ffff::")).toBe(bucket);
    expect(clientAddressBucket("2001:db8:aa:bb::2%eth0")).toBe(bucket);
    expect(clientAddressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressBucket("::1")).toBe("0:0:0:0::/64");
    // The next /64 is another client.
    expect(clientAddressBucket("2001:db8:aa:bc::1")).not.toBe(bucket);
  });

  it("reads an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientAddressBucket("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressBucket("::ffff:c000:207")).toBe("192.0.2.7");
  });

  it("keeps what is not an address as it is (its own bucket)", () => {
    for (const text of ["unknown", "1::2::3", "1:2:3:4:5:6:7:8:9", "2001:db8::zz", "::ffff:300.1.1.1"]) expect(clientAddressBucket(text)).toBe(text);
  });

  it("is the key of an anonymous caller's lookups and exports alike", () => {
    const from = (address: string) => clientKey(new Request("https://x.example/", { headers: { "CF-Connecting-IP": address } }));
    expect(from("2001:db8:1:2::a")).toBe(from("2001:db8:1:2:3:4:5:6"));
    expect(from("203.0.113.9")).toBe("ip:203.0.113.9");
  });
});
