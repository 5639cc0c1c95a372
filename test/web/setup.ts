import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// Each test file gets its own happy-dom page and imports the app afresh (isolate: true in
// vitest.web.config.ts); within a file, each test is reset below.

// findBy* and waitFor wait up to 5 s, not 1: three files share two CPUs, and a file's first
// render also evaluates the page's modules. Only a test that is failing anyway waits longer.
configure({ asyncUtilTimeout: 5_000 });

// No test reaches the network: a fetch a test did not mock fails like an offline request.
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("fetch is not mocked in this test"))));
});

// Each test starts from a blank page: no DOM, theme, storage, cookies, stubs or analytics.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.className = "";
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  delete window.gtag;
});
