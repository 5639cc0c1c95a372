import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { addStylesheets } from "../stylesheets";
import { acmeWorkspaces, PERSONAL_WORKSPACE } from "../team/workspace-fixtures";

const HEADER_STYLES = ["base.css", "layout.css", "account-nav.css", "workspaces.css"];

/** happy-dom's window, resized so the stylesheets' media queries see `width`. */
function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });
}

async function renderHeader(workspaces = acmeWorkspaces("owner", [PERSONAL_WORKSPACE])) {
  fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": json(workspaces),
  });
  renderRoutes("/about");
  await screen.findByRole("button", { name: "Sign out" });
  addStylesheets(...HEADER_STYLES);
}

const display = (element: Element) => getComputedStyle(element).display;
/** The nav's place in the bar: 1 in the row between the logo and the buttons, 3 the menu's panel below them. */
const place = (element: Element) => getComputedStyle(element).order;
const bar = () => document.querySelector(".site-header__bar")!;
// By id and class: what display: none hides is out of reach of role queries.
const menuButton = () => document.querySelector(".menu-button")!;
const nav = () => document.getElementById("site-nav")!;

afterEach(() => setWidth(1024));

describe("the header with the workspace switcher", () => {
  // The row (logo, twelve links, switcher, bell, theme) needs about 76rem: more than the 72rem container.
  it("at 1280 px keeps one row: the bar widens to 80rem and the nav stays out beside the switcher", async () => {
    setWidth(1280);
    await renderHeader();
    await screen.findByRole("combobox", { name: "Workspace" });

    expect(getComputedStyle(bar()).maxWidth).toBe("1280px");
    expect(display(menuButton())).toBe("none");
    expect(place(nav())).toBe("1");
  });

  it("below 79rem puts the nav behind the menu button rather than wrap the row", async () => {
    setWidth(1100);
    await renderHeader();
    await screen.findByRole("combobox", { name: "Workspace" });

    expect(display(menuButton())).toBe("inline-flex");
    expect(place(nav())).toBe("3");
  });

  it("without a switcher (one workspace) keeps the 72rem bar and the full nav at 1100 px", async () => {
    setWidth(1100);
    await renderHeader(acmeWorkspaces("owner"));

    expect(screen.queryByRole("combobox", { name: "Workspace" })).toBeNull();
    expect(getComputedStyle(bar()).maxWidth).toBe("1152px");
    expect(display(menuButton())).toBe("none");
    expect(place(nav())).toBe("1");
  });
});
