import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { executionContextOf } from "../shared/background";
import { onFirstUse } from "../shared/on-first-use";
import { idempotentCreates } from "./idempotent-creates";
import { rolePermission } from "./route-permissions";

/**
 * Route groups loaded on their first request. A cold start then builds only what a lookup needs:
 * each route module's schemas (zod, OpenAPI) are built when the module loads, and most groups
 * (alerts, billing, workspaces, …) are not on the lookup path. `npm run build:worker` puts each
 * lazily imported module in its own ES module chunk (build/worker-bundle.ts).
 *
 * `lazyRoutes(load, "name")` stands in for the router in app.ts, typed as the router itself, so
 * `AppType` (and `hc` in web/) see every route. Mounted with `.route(prefix, …)`, it is one
 * catch-all handler that loads the router and runs it **in the caller's request**: the
 * variables the app's middleware set (services, session, role) are handed over and back, the
 * headers they prepared (cookies, CORS) stay on the answer, errors reach the app's `onError`,
 * and a path the group does not have gets the app's 404. The role check runs inside, on the
 * group's real route (`rolePermission` in app.ts passes a catch-all by), and so does the
 * idempotency check, only here: every create taking an Idempotency-Key is in a lazy group, so
 * the requests no group holds (a lookup) never meet it.
 */

type AnyRouter = Hono<AppEnv, any, any>;
type Loader = () => AnyRouter | Promise<AnyRouter>;

const LOADER = Symbol("lazy router loader");
type LazyHandler = MiddlewareHandler<AppEnv> & { [LOADER]: Loader };

/** The caller's context of a request the loaded group is running (one per request, so no leaks). */
const callers = new WeakMap<Request, Context<AppEnv>>();
/** Requests the loaded group had no route for. */
const unmatched = new WeakSet<Request>();

/** Headers a route set before it threw (Cache-Control, cookies) go with the caller's error answer. */
function carryHeaders(from: Headers, to: Context<AppEnv>): void {
  for (const [name, value] of from) to.header(name, value, { append: name === "set-cookie" });
}

function setAll(to: Context<AppEnv>, vars: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(vars)) to.set(name as never, value as never);
}

/** The group's router mounted at the full prefix, behind the caller hand-over and the role check. */
function runnerOf(prefix: string, router: AnyRouter): AnyRouter {
  const runner = new Hono<AppEnv>()
    .use(async (c, next) => {
      const caller = callers.get(c.req.raw);
      if (caller) setAll(c, caller.var);
      await next();
      if (caller) setAll(caller, c.var);
    })
    .use(rolePermission)
    .use(idempotentCreates)
    .route(prefix, router);
  runner.notFound((c) => {
    unmatched.add(c.req.raw);
    return c.body(null, 404);
  });
  // The caller's app answers errors, as it does for the routes it holds itself.
  runner.onError((error, c) => {
    const caller = callers.get(c.req.raw);
    if (caller) carryHeaders(c.res.headers, caller);
    throw error;
  });
  return runner;
}

export function lazyRoutes<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): Module[Name] {
  // Loaded code, kept for the isolate's life like any imported module (no data: nothing for
  // isolate-state.ts to reset between tests); a failed import is tried again on the next request.
  const loader: Loader = onFirstUse(() => load().then((module) => module[name] as AnyRouter));
  // The runners themselves, not promises of them: a promise made in one request costs every later
  // request that awaits it a cross-request hop (on-first-use.ts). Two first requests may each build
  // one; they are alike and hold no state.
  const runners = new Map<string, AnyRouter>();
  const handler = (async (c, next) => {
    const prefix = routePath(c).replace(/\/\*$/, "");
    let runner = runners.get(prefix);
    if (!runner) {
      runner = runnerOf(prefix, await loader());
      runners.set(prefix, runner);
    }
    const request = c.req.raw;
    callers.set(request, c);
    const answer = await runner.fetch(request, c.env, executionContextOf(c));
    // Another stand-in further on (or the app's 404) may answer a path this group lacks.
    if (unmatched.delete(request)) return next();
    // newResponse keeps the headers the caller's middleware prepared before next().
    return c.newResponse(answer.body, answer);
  }) as LazyHandler;
  handler[LOADER] = loader;
  return new Hono<AppEnv>().all("/*", handler) as unknown as Module[Name];
}

/**
 * `app` with every lazy group loaded and mounted where its stand-in is, as one router whose
 * `routes` and OpenAPI registry hold every declared route: for the OpenAPI documents, and for
 * tests that walk every route.
 */
export async function withLazyRoutes<E extends AppEnv>(app: Hono<E, any, any>): Promise<OpenAPIHono<E>> {
  const expanded = new OpenAPIHono<E>();
  if (app instanceof OpenAPIHono) {
    // The app's own definitions (shared components, the groups it holds itself) come first, as
    // a parent registry: `definitions` is a copy, so pushing to it would add nothing.
    type Registry = OpenAPIHono["openAPIRegistry"];
    const RegistryClass = app.openAPIRegistry.constructor as new (parents: Registry[]) => Registry;
    expanded.openAPIRegistry = new RegistryClass([app.openAPIRegistry]);
  }
  for (const route of app.routes) {
    const loader = (route.handler as Partial<LazyHandler>)[LOADER];
    if (loader) expanded.route(route.path.replace(/\/\*$/, ""), (await loader()) as never);
    else expanded.on(route.method, route.path, route.handler as never);
  }
  return expanded;
}
