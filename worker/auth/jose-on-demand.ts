/**
 * The jose functions the session, the signing key and the token encryption use, loaded on
 * first use (`joseFunctions` in signing-key.ts). Lookups, most of the traffic, neither sign nor
 * verify, so a cold start does not parse jose (docs/adr/0012-split-worker-build.md). Named
 * re-exports, not a dynamic import of jose itself, so the build keeps only these.
 */
export { CompactEncrypt, compactDecrypt, decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
