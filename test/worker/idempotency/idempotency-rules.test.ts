import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_RUNNING_MS, judgeKeptKey, keyProblem, requestFingerprint } from "../../../worker/idempotency/idempotency-rules";

const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const at = (agoMs: number) => new Date(NOW - agoMs).toISOString();

describe("a key already on file", () => {
  it("replays a passed request's answer to the same request, refuses another, and waits for a running one", () => {
    expect(judgeKeptKey({ fingerprint: "f", status: 201, createdAt: at(1_000) }, "f", NOW)).toBe("replay");
    expect(judgeKeptKey({ fingerprint: "f", status: 201, createdAt: at(1_000) }, "g", NOW)).toBe("reused");
    expect(judgeKeptKey({ fingerprint: "f", status: null, createdAt: at(1_000) }, "f", NOW)).toBe("running");
    expect(judgeKeptKey({ fingerprint: "f", status: null, createdAt: at(1_000) }, "g", NOW)).toBe("reused");
  });

  it("is claimed afresh after 24 hours, or when its request died before answering", () => {
    expect(judgeKeptKey({ fingerprint: "f", status: 201, createdAt: at(IDEMPOTENCY_KEY_TTL_MS - 1) }, "g", NOW)).toBe("reused");
    expect(judgeKeptKey({ fingerprint: "f", status: 201, createdAt: at(IDEMPOTENCY_KEY_TTL_MS) }, "g", NOW)).toBe("claim");
    expect(judgeKeptKey({ fingerprint: "f", status: null, createdAt: at(IDEMPOTENCY_RUNNING_MS - 1) }, "f", NOW)).toBe("running");
    expect(judgeKeptKey({ fingerprint: "f", status: null, createdAt: at(IDEMPOTENCY_RUNNING_MS) }, "f", NOW)).toBe("claim");
  });
});

describe("keys and fingerprints", () => {
  it("takes 1 to 255 printable ASCII characters", () => {
    expect(keyProblem(crypto.randomUUID())).toBeNull();
    expect(keyProblem("x".repeat(255))).toBeNull();
    for (const key of ["", "x".repeat(256), "two words", "clé", "tab\there"]) expect(keyProblem(key), key).not.toBeNull();
  });

  it("tells requests apart by route and body", async () => {
    const same = await requestFingerprint("POST /api/alerts", '{"a":1}');
    expect(await requestFingerprint("POST /api/alerts", '{"a":1}')).toBe(same);
    expect(await requestFingerprint("POST /api/alerts", '{"a":2}')).not.toBe(same);
    expect(await requestFingerprint("POST /api/v1/alerts", '{"a":1}')).not.toBe(same);
  });
});
