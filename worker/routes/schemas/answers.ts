import type { z } from "@hono/zod-openapi";
import { errorSchema, validationErrorSchema } from "../../openapi/schemas";

/** The answers of the internal (session) routes, declared once for createRoute. */
export const jsonAnswer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

export const errorAnswer = (description: string) => jsonAnswer(description, errorSchema);

export const badInput = jsonAnswer("Bad input: one {loc, msg, type} per problem.", validationErrorSchema);

export const notSignedIn = errorAnswer("Not signed in (or the API key is wrong).");

export const noContent = (description: string) => ({ description });
