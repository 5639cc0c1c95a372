import type { TestProject } from "vitest/node";
import { startAppServer } from "./app-server.ts";
import { E2E_VARS } from "./e2e-vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/** One app server in mock mode for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startAppServer(E2E_VARS);
  project.provide("appUrl", server.url);
  return () => server.stop();
}
