import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Link, NavLink } from "../../../web/src/components/Link";

// The app's own <Link> and <NavLink> (react-router's carry prefetching it never uses): they must
// still link and navigate as react-router's do.

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</output>;
}

function renderAt(path: string, links: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={links} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const where = () => screen.getByLabelText("where").textContent;

describe("Link", () => {
  it("is an <a> with the route's href that navigates in the page, with the state given", async () => {
    const user = renderAt(
      "/",
      <Link to="/pricing?plan=pro" state={{ from: "home" }} className="cta" aria-label="See Pro">
        Pricing
      </Link>,
    );
    const link = screen.getByRole("link", { name: "See Pro" });
    expect(link.getAttribute("href")).toBe("/pricing?plan=pro");
    expect(link.className).toBe("cta");

    await user.click(link);
    expect(where()).toBe('/pricing?plan=pro|{"from":"home"}');
  });

  it("runs the caller's onClick first, and navigates not when it prevented the default", async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const user = renderAt("/", <Link to="/about" onClick={onClick}>About</Link>);
    await user.click(screen.getByRole("link", { name: "About" }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(where()).toBe("/|null");
  });

  it("leaves a click with a modifier key (new tab) to the browser", () => {
    renderAt("/", <Link to="/about">About</Link>);
    fireEvent.click(screen.getByRole("link", { name: "About" }), { ctrlKey: true });
    expect(where()).toBe("/|null");
  });

  it("resolves a relative path against the route it is in", () => {
    renderAt("/resources/guides", <Link to="../about">Up</Link>);
    expect(screen.getByRole("link", { name: "Up" }).getAttribute("href")).toBe("/about");
  });
});

describe("NavLink", () => {
  it("marks the link of the page shown, and the pages below it unless `end`", () => {
    renderAt(
      "/Team/audit",
      <>
        <NavLink to="/team" className="site-nav__link">Team</NavLink>
        <NavLink to="/team" end className="site-nav__link">Team only</NavLink>
        <NavLink to="/team/audit" end className="site-nav__link">Audit</NavLink>
        <NavLink to="/tea" className="site-nav__link">Tea</NavLink>
      </>,
    );
    const team = screen.getByRole("link", { name: "Team" });
    expect(team.className).toBe("site-nav__link active");
    expect(team.getAttribute("aria-current")).toBe("page");
    const teamOnly = screen.getByRole("link", { name: "Team only" });
    expect(teamOnly.className).toBe("site-nav__link");
    expect(teamOnly.hasAttribute("aria-current")).toBe(false);
    // The path compares without case, as react-router's NavLink does.
    expect(screen.getByRole("link", { name: "Audit" }).getAttribute("aria-current")).toBe("page");
    // A path that merely starts with the link's is not below it.
    expect(screen.getByRole("link", { name: "Tea" }).hasAttribute("aria-current")).toBe(false);
  });

  it("moves the mark when it navigates", async () => {
    const user = renderAt(
      "/",
      <>
        <NavLink to="/" end>Home</NavLink>
        <NavLink to="/pricing">Pricing</NavLink>
      </>,
    );
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    await user.click(screen.getByRole("link", { name: "Pricing" }));
    expect(screen.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Home" }).hasAttribute("aria-current")).toBe(false);
  });
});
