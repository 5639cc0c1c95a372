import { isoCBOR } from "@simplewebauthn/server/helpers";
import { base64UrlDecode, base64UrlEncode } from "../../../worker/auth/signing-key";

/**
 * A software passkey (ES256, "none" attestation) that answers WebAuthn challenges the way a
 * browser and authenticator would: enough to run registration and sign-in end to end in workerd.
 */
export class SoftAuthenticator {
  private keys?: CryptoKeyPair;
  readonly credentialId = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
  private signCount = 0;

  constructor(readonly origin: string) {}

  private async rpIdHash(rpId: string): Promise<Uint8Array> {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(rpId)));
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return base64UrlEncode(new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** navigator.credentials.create(): a new key pair and its attestation. */
  async register(options: { challenge: string; rp: { id: string } }) {
    this.keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, base64UrlDecode(jwk.x!)],
        [-3, base64UrlDecode(jwk.y!)],
      ]),
    );
    const credentialId = base64UrlDecode(this.credentialId);
    const authData = concat(
      await this.rpIdHash(options.rp.id),
      Uint8Array.of(0x45), // user present, user verified, attested credential data
      counter(this.signCount),
      new Uint8Array(16), // aaguid
      Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff),
      credentialId,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: { clientDataJSON: this.clientData("webauthn.create", options.challenge), attestationObject: base64UrlEncode(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): signs the challenge with the registered key. */
  async authenticate(options: { challenge: string; rpId?: string }, origin = this.origin) {
    if (!this.keys) throw new Error("register first");
    this.signCount += 1;
    const authData = concat(await this.rpIdHash(options.rpId ?? new URL(this.origin).hostname), Uint8Array.of(0x05), counter(this.signCount));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const clientHash = new Uint8Array(await crypto.subtle.digest("SHA-256", base64UrlDecode(clientDataJSON)));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, concat(authData, clientHash)));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: { clientDataJSON, authenticatorData: base64UrlEncode(authData), signature: base64UrlEncode(derOf(raw)) },
      clientExtensionResults: {},
    };
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const counter = (n: number) => Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);

/** WebCrypto's raw r||s signature as the DER sequence WebAuthn carries. */
function derOf(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    let value: Uint8Array = bytes.slice(start);
    if (value[0]! & 0x80) value = concat(Uint8Array.of(0), value);
    return concat(Uint8Array.of(0x02, value.length), value);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}
