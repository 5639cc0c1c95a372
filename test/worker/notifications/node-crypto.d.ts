/**
 * The one node:crypto call the webhook test makes (the test pool provides the module; the
 * Worker's tsconfig leaves out Node's types so Worker code cannot use them by mistake).
 */
declare module "node:crypto" {
  interface Hmac {
    update(data: string, encoding?: "utf8"): Hmac;
    digest(encoding: "hex"): string;
  }
  export function createHmac(algorithm: "sha256", key: string): Hmac;
}
