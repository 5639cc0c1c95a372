import type { TestProject } from "vitest/node";
import { startAppServer } from "./app-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/** One app server in mock mode for the whole browser suite. */
export default async function setup(project: TestProject) {
  // Every browser of the suite signs in from 127.0.0.1: lift the per-address demo limit.
  const server = await startAppServer({ DEMO_ACCOUNTS_PER_HOUR: "100000" });
  project.provide("appUrl", server.url);
  return () => server.stop();
}
