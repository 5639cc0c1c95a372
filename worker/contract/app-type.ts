/**
 * The API's route types, for the web app's typed `hc` client. A type-only export: it
 * carries no server code into the bundle.
 */
export type { AppType } from "../app";
