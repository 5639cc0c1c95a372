import { env } from "cloudflare:test";

/** The test KV, with every get counted (one bulk read counts once) and every other method as it is. */
export function countingKv(): { kv: KVNamespace; reads: (string | string[])[] } {
  const reads: (string | string[])[] = [];
  const kv = new Proxy(env.LOOKUP_CACHE, {
    get(target, name) {
      if (name === "get") {
        return (key: string | string[], type: unknown) => {
          reads.push(key);
          return (target.get as (k: unknown, t: unknown) => Promise<unknown>).call(target, key, type);
        };
      }
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv, reads };
}
