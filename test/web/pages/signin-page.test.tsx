import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { json, fakeApi, offline, SIGNED_OUT } from "../seller/fake-api";
import type { SignedIn } from "@contract/sign-in";

const SENT = "We sent a sign-in link and a 6-digit code to that address.";
const newAccount: SignedIn = {
  purpose: "sign_in",
  created: true,
  email: "ada@example.com",
  status: { authenticated: true, connected: false, marketplace: "US", brandName: null, demo: false, onboarded: false },
};

describe("/signin", () => {
  it("emails a link and code, then signs in with the code typed here and goes on to onboarding", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email": json({ detail: SENT }, 202),
      "POST /api/signin/email/code": (request) =>
        (request.body as { code: string }).code === "123456"
          ? json(newAccount)()
          : json({ detail: "That code is not right: 4 tries left.", code: "bad_request" }, 400)(),
    });
    const { user, router } = renderRoutes("/signin");
    await user.type(await screen.findByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(api.requests("POST /api/signin/email")[0]!.body).toEqual({ email: "ada@example.com" });
    expect((await screen.findByRole("status")).textContent).toContain(SENT);

    const code = screen.getByLabelText("6-digit code");
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Sign in with code" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That code is not right: 4 tries left.");

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Sign in with code" }));
    await waitFor(() => expect(router.location.pathname).toBe("/onboarding"));
  });

  it("says in the form why an address cannot get email (the server's 422), keeps what was typed and sends nothing else", async () => {
    const why = "gone@example.com cannot be sent email: an earlier email to it bounced or was marked as spam, so the email service no longer sends to it. Check the address, or use another one.";
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email": json({ code: "validation_failed", detail: [{ loc: ["body", "email"], msg: why, type: "email_refused" }] }, 422),
    });
    const { user } = renderRoutes("/signin");
    const address = (await screen.findByLabelText("Email address")) as HTMLInputElement;
    await user.type(address, "gone@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect((await screen.findByRole("alert")).textContent).toBe(why);
    expect(address.value).toBe("gone@example.com");
    expect(screen.queryByLabelText("6-digit code")).toBeNull();
    expect(api.requests("POST /api/signin/email")).toHaveLength(1);
  });

  // The server always says why a code is refused; without its answer, the code was never judged.
  it("does not call the code wrong when its check never got an answer (network failure), and keeps it", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email": json({ detail: SENT }, 202),
      "POST /api/signin/email/code": offline(),
    });
    const { user } = renderRoutes("/signin");
    await user.type(await screen.findByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    const code = (await screen.findByLabelText("6-digit code")) as HTMLInputElement;
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Sign in with code" }));

    expect((await screen.findByRole("alert")).textContent).toBe("The code could not be checked. Check your connection and try again.");
    expect(code.value).toBe("654321");
    expect(api.requests("POST /api/signin/email/code")).toHaveLength(1);
  });

  it("uses the emailed link's token once on arrival and drops it from the address", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "POST /api/signin/email/link": json({ ...newAccount, status: { ...newAccount.status!, onboarded: true } }) });
    const { router } = renderRoutes("/signin?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    await waitFor(() => expect(router.location.pathname).toBe("/seller-central"));
    expect(api.requests("POST /api/signin/email/link").map((r) => r.body)).toEqual([{ token: "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG" }]);
  });

  it("asks before using a link this browser did not ask for, naming its address and the account it would leave", async () => {
    const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email/link": (request) =>
        (request.body as { confirm?: boolean }).confirm
          ? json({ ...newAccount, status: { ...newAccount.status!, onboarded: true } })()
          : json({ confirm: true, email: "ada@example.com", signedIn: true, signedInAs: "me@example.com" }, 202)(),
    });
    const { user, router } = renderRoutes(`/signin?token=${token}`);
    expect((await screen.findByText(/^Sign in as/, { selector: "p" })).textContent).toBe("Sign in as ada@example.com?");
    expect(screen.getByText(/You are signed in here as/).textContent).toBe("You are signed in here as me@example.com. Continuing signs you out of it.");
    expect(router.location.pathname).toBe("/signin");

    await user.click(screen.getByRole("button", { name: "Sign in as ada@example.com" }));
    await waitFor(() => expect(router.location.pathname).toBe("/seller-central"));
    expect(api.requests("POST /api/signin/email/link").map((r) => r.body)).toEqual([{ token }, { token, confirm: true }]);
  });

  it("drops an unasked-for link on Cancel and uses nothing", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email/link": json({ confirm: true, email: "mallory@example.com", signedIn: false, signedInAs: null }, 202),
    });
    const { user, router } = renderRoutes("/signin?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText("Email address")).toBeTruthy();
    expect(router.location.search).toBe("");
    expect(api.requests("POST /api/signin/email/link")).toHaveLength(1);
  });

  it("says when a link did not work and offers the email form again", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "POST /api/signin/email/link": json({ detail: "This sign-in link is invalid, already used or expired. Ask for a new email.", code: "bad_request" }, 400),
    });
    renderRoutes("/signin?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    expect((await screen.findByRole("alert")).textContent).toBe("This sign-in link is invalid, already used or expired. Ask for a new email.");
    expect(screen.getByLabelText("Email address")).toBeTruthy();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
  });

  it("puts Sign in in the header for signed-out visitors only", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/");
    expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe("/signin");
  });
});
