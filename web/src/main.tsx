import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { reloadAfterDeploy } from "./app/reload-after-deploy";
import { AppRoutes } from "./app/routes";
import { requestUserStatusEarly } from "./state/session";
import "./styles/base.css";
import "./styles/layout.css";

const rootElement = document.getElementById("root");
if (rootElement === null) throw new Error("index.html has no #root element");

requestUserStatusEarly();
reloadAfterDeploy();

// A transition renders in slices that yield to the browser every few ms, so the first render
// is no single long task (as one, it blocked a throttled phone for 100+ ms).
startTransition(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});
