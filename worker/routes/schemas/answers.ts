import { errorSchema, json } from "../../openapi/responses";

/**
 * The answers of the internal (session) routes, declared once for createRoute. Every error
 * answer is the one Error schema, 422 included (its `detail` is then the list of problems).
 */
export { json as jsonAnswer };

export const errorAnswer = (description: string) => json(description, errorSchema);

export const badInput = errorAnswer("Bad input: `detail` lists each problem as {loc, msg, type}.");

export const notSignedIn = errorAnswer("Not signed in (or the API key is wrong).");

export const noContent = (description: string) => ({ description });
