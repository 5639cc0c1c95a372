import type { ApiKeyList, CreatedApiKey } from "@contract/api-keys";
import { responseData } from "./response-data";
import { api } from "./client";
import { withIdempotencyKey } from "./idempotency";

// Settings → API Access: the signed-in user's keys. A key is shown in full only when created.

export async function fetchApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return responseData(api.api["api-keys"].$get(undefined, { init: { signal } }));
}

export async function createApiKey(name: string): Promise<CreatedApiKey> {
  return withIdempotencyKey("createApiKey", name, (headers) => responseData(api.api["api-keys"].$post({ json: { name } }, { headers })));
}

export async function rotateApiKey(id: string): Promise<CreatedApiKey> {
  return responseData(api.api["api-keys"][":id"].rotate.$post({ param: { id } }));
}

export async function revokeApiKey(id: string): Promise<void> {
  await api.api["api-keys"][":id"].$delete({ param: { id } });
}
