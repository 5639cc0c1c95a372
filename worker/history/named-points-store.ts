import { eq } from "drizzle-orm";
import type { drizzle } from "drizzle-orm/d1";
import { alias } from "drizzle-orm/sqlite-core";
import { categories, rankPoints } from "../db/history-schema/points";

/**
 * Rank points as one shard stores them, with their two category ids read back as names (the rows
 * decodePoint takes): the archive's month and a re-shard's page, each narrowed by its caller.
 */
export function selectNamedPoints(db: ReturnType<typeof drizzle>) {
  const a = alias(categories, "a");
  const b = alias(categories, "b");
  const p = rankPoints;
  return db
    .select({
      bucket: p.bucket, marketplace: p.marketplace, asin: p.asin, day: p.day, hour: p.hour, live: p.live, rank: p.rank,
      cat1: a.name, r1: p.r1, cat2: b.name, r2: p.r2, more: p.more, price: p.price, currency: p.currency, offers: p.offers, rating: p.rating, reviews: p.reviews, lowest: p.lowest, captured: p.captured,
    })
    .from(p)
    .leftJoin(a, eq(a.id, p.c1))
    .leftJoin(b, eq(b.id, p.c2));
}
