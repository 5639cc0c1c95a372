import type { ConnectionList, ConnectionView } from "@contract/connections";
import type { AccountMarketplace } from "@contract/account";
import { responseData } from "./response-data";
import { api } from "./client";

// Settings → Connection Status: the workspace's seller accounts (docs/amazon.md#several-seller-accounts).

export async function fetchConnections(signal?: AbortSignal): Promise<ConnectionList> {
  return responseData(api.api.connections.$get(undefined, { init: { signal } }));
}

/** The consent URL for another seller account of `marketplace`'s region; the browser goes there next. */
export async function startConnection(marketplace: AccountMarketplace): Promise<string> {
  return (await responseData(api.api.connections.start.$post({ json: { marketplace } }))).authUrl;
}

export async function reconnectConnection(id: string): Promise<string> {
  return (await responseData(api.api.connections[":id"].reconnect.$post({ param: { id } }))).authUrl;
}

export async function renameConnection(id: string, name: string): Promise<ConnectionView> {
  return responseData(api.api.connections[":id"].$patch({ param: { id }, json: { name } }));
}

export async function removeConnection(id: string): Promise<void> {
  await api.api.connections[":id"].$delete({ param: { id } });
}

/** Demo only: a second mock seller (EU), to see the aggregated portfolio across clients. */
export async function addSampleClient(): Promise<ConnectionView> {
  return responseData(api.api.connections.sample.$post());
}
