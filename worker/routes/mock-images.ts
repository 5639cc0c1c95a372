import { Hono } from "hono";
import { ASIN_PATTERN, isMarketplace } from "../contract/marketplaces";
import type { AppEnv } from "../env";
import { mockImageSvg } from "../upstreams/creators/mock";

/** The placeholder product images that mock-mode lookups point to. */
export const mockImageRoutes = new Hono<AppEnv>()
  .get("/:marketplace/:file", (c) => {
    const { marketplace, file } = c.req.param();
    const asin = file.replace(/\.svg$/, "");
    if (!isMarketplace(marketplace) || !ASIN_PATTERN.test(asin)) {
      return c.json({ detail: "No such mock image" }, 404);
    }
    return c.body(mockImageSvg(asin, marketplace), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400, immutable",
    });
  });
