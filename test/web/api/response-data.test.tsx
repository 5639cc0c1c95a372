import { hc } from "hono/client";
import { describe, expect, it } from "vitest";
import type { AppType } from "@contract/app-type";
import { ApiError } from "../../../web/src/api/api-error";
import { responseData } from "../../../web/src/api/response-data";
import { jsonResponse } from "../helpers";

/** A typed client on a fetch that answers `response` and, unlike apiFetch, never throws itself. */
function clientAnswering(response: Response) {
  return hc<AppType>("http://app.test/", { fetch: () => Promise.resolve(response) });
}

describe("responseData", () => {
  it("resolves to the JSON body of a 2xx answer", async () => {
    const client = clientAnswering(jsonResponse({ unread: 3 }));

    await expect(responseData(client.api.notifications["unread-count"].$get())).resolves.toEqual({ unread: 3 });
  });

  it("takes a response as well as a pending one", async () => {
    const response = await clientAnswering(jsonResponse({ unread: 0 })).api.notifications["unread-count"].$get();

    await expect(responseData(response)).resolves.toEqual({ unread: 0 });
  });

  it("throws an ApiError with the status and the body's detail for a non-2xx answer", async () => {
    const detail = [{ loc: ["json", "threshold"], msg: "Threshold must be a whole number", type: "invalid_type" }];
    const client = clientAnswering(jsonResponse({ detail }, 422));

    const error = await responseData(client.api.alerts.$post({ json: { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 1.5, marketplace: "US" } })).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail, message: "Threshold must be a whole number" });
  });

  it("throws an ApiError without detail when the error body is not JSON", async () => {
    const client = clientAnswering(new Response("<html>502 Bad Gateway</html>", { status: 502 }));

    const error = await responseData(client.api.status.$get()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, detail: undefined, message: "Request failed with status 502" });
  });
});
