import * as z from "../../openapi/zod";
import { API_KEY_NAME_MAX_LENGTH, type ApiKeyList, type CreatedApiKey } from "../../contract/api-keys";
import { WORKSPACE_ROLES } from "../../contract/workspaces";
import { requiredName } from "./required-name";

/** Request and response schemas of Settings → API Access, tied to contract/api-keys.ts by `satisfies`. */

export const newKeySchema = z.object({
  name: requiredName(API_KEY_NAME_MAX_LENGTH, "Nightly sync"),
});

export const keyIdSchema = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ example: "rl_live_3fK9aZ" }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    usage: z.object({
      thisHour: z.number().int(),
      days: z.array(z.object({ day: z.string(), requests: z.number().int() })).openapi({ description: "The last 7 UTC days, oldest first." }),
    }),
    madeBy: z
      .object({ email: z.string().nullable(), role: z.enum(WORKSPACE_ROLES).nullable() })
      .openapi({ description: "The member who made the key and their current role, which the key acts with; role null when they are no longer a member." }),
  })
  .openapi("ApiKey");

export const apiKeyListSchema = z
  .object({
    keys: z.array(apiKeySchema),
    maxKeys: z.number().int(),
    requestsPerHour: z.number().int().nullable().openapi({ description: "The plan's hourly limit across all keys; null without API access." }),
    planName: z.string().openapi({ example: "Pro" }),
    usedThisHour: z.number().int(),
  })
  .openapi("ApiKeyList") satisfies z.ZodType<ApiKeyList>;

export const createdApiKeySchema = z
  .object({ key: z.string().openapi({ description: "The full key: sent this once, never again." }), apiKey: apiKeySchema })
  .openapi("CreatedApiKey") satisfies z.ZodType<CreatedApiKey>;
