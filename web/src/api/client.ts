import { hc } from "hono/client";
import type { AppType } from "@contract/app-type";
import { apiFetch } from "./http";

/** Typed client for the Worker's routes, on the same origin. */
export const api = hc<AppType>("/", { fetch: apiFetch });
