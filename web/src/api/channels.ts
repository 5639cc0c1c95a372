import type { ChannelSettings, ChannelsUpdateInput, WebhookTestResult } from "@contract/channels";
import { responseData } from "./response-data";
import { api } from "./client";

// Where alerts are delivered besides the app: an email address and a signed webhook.

export async function fetchChannels(signal?: AbortSignal): Promise<ChannelSettings> {
  return responseData(api.api.settings.channels.$get(undefined, { init: { signal } }));
}

export async function saveChannels(input: ChannelsUpdateInput): Promise<ChannelSettings> {
  return responseData(api.api.settings.channels.$put({ json: input }));
}

/** A new signing secret; the old one stops working. The answer is the only time it is shown. */
export async function generateWebhookSecret(): Promise<string> {
  return (await responseData(api.api.settings["webhook-secret"].$post())).secret;
}

export async function sendWebhookTest(): Promise<WebhookTestResult> {
  return responseData(api.api.settings["webhook-test"].$post());
}
