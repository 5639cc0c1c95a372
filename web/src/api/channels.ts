import type { ChannelSettings, ChannelsUpdateInput, WebhookTestResult } from "../../../worker/contract/channels";
import { ApiError } from "./api-error";
import { api } from "./client";

// Alert channels (issue 5). apiFetch throws an ApiError for any non-2xx answer; the `ok`
// checks only narrow hc's typed union to the 200 body.

export async function fetchChannels(signal?: AbortSignal): Promise<ChannelSettings> {
  const response = await api.api.settings.channels.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function saveChannels(input: ChannelsUpdateInput): Promise<ChannelSettings> {
  const response = await api.api.settings.channels.$put({ json: input });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

/** A new signing secret; the old one stops working. The answer is the only time it is shown. */
export async function generateWebhookSecret(): Promise<string> {
  const response = await api.api.settings["webhook-secret"].$post();
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).secret;
}

export async function sendWebhookTest(): Promise<WebhookTestResult> {
  const response = await api.api.settings["webhook-test"].$post();
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}
