import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, pendingUntilAborted, renderApp } from "../helpers";

// An XSRF cookie is present, so the only request is the POST itself.
beforeEach(() => {
  document.cookie = "XSRF-TOKEN=t";
});

function field(name: string) {
  return screen.getByLabelText(name, { exact: false }) as HTMLInputElement | HTMLTextAreaElement;
}

async function openForm() {
  const app = renderApp("/contact");
  await screen.findByRole("form", { name: "Partnership inquiry" });
  return app;
}

async function fillForm(user: Awaited<ReturnType<typeof openForm>>["user"], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
}

const COMPLETE = { Name: "Ada Lovelace", Company: "Analytical Ltd", Email: "ada@example.com", Message: "Let's partner." };

describe("/contact", () => {
  it("has the inquiry form: required name, email (type email) and message, optional company", async () => {
    await openForm();
    expect(field("Name").required).toBe(true);
    expect(field("Email").required).toBe(true);
    expect((field("Email") as HTMLInputElement).type).toBe("email");
    expect(field("Message").required).toBe(true);
    expect(field("Company").required).toBe(false);
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });

  it("keeps the honeypot away from people and assistive tech", async () => {
    await openForm();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    const wrapper = trap?.closest("[aria-hidden]");
    expect(wrapper?.getAttribute("aria-hidden")).toBe("true");
    expect(wrapper?.hasAttribute("inert")).toBe(true);
    expect(screen.queryByRole("textbox", { name: "Website" })).toBeNull();
  });

  describe("validation warning", () => {
    it("shows the warning view for blank fields and sends nothing", async () => {
      const fetchMock = mockFetch(() => jsonResponse({ received: true }));
      const { user } = await openForm();
      await user.type(field("Name"), "   ");
      await user.click(screen.getByRole("button", { name: "Send Message" }));

      const warning = screen.getByRole("alert");
      expect(within(warning).getByRole("heading", { name: "Please complete all required fields" })).toBeTruthy();
      expect(warning.textContent).toContain(
        "Make sure your name, email, and message are entered correctly before submitting.",
      );
      expect(field("Name").getAttribute("aria-invalid")).toBe("true");
      expect(field("Company").getAttribute("aria-invalid")).toBe("false");
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("names a malformed email too", async () => {
      mockFetch(() => jsonResponse({ received: true }));
      const { user } = await openForm();
      await fillForm(user, { ...COMPLETE, Email: "ada@" });
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect(screen.getByRole("alert").textContent).toContain("Enter a valid email address");
    });

    it("returns to the form at the first problem field with Return to Form", async () => {
      const { user } = await openForm();
      await user.type(field("Name"), "Ada");
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      await user.click(screen.getByRole("button", { name: "Return to Form" }));

      expect(screen.queryByRole("alert")).toBeNull();
      expect(document.activeElement).toBe(field("Email"));
      expect(field("Name").value).toBe("Ada");
    });

    it("clears on the next edit", async () => {
      const { user } = await openForm();
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect(screen.getByRole("alert")).toBeTruthy();

      await user.type(field("Name"), "A");
      expect(screen.queryByRole("alert")).toBeNull();
    });
  });

  it("reads Sending... and is disabled while the message is sent", async () => {
    mockFetch(pendingUntilAborted);
    const { user } = await openForm();
    await fillForm(user, COMPLETE);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = screen.getByRole("button", { name: "Sending..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("posts the message with an empty honeypot and goes to /contact/success", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ received: true }));
    const { user, router } = await openForm();
    await fillForm(user, COMPLETE);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    await screen.findByRole("heading", { name: "Thank you" });
    expect(router.location.pathname).toBe("/contact/success");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Lovelace",
      company: "Analytical Ltd",
      email: "ada@example.com",
      message: "Let's partner.",
      website: "",
    });
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  describe("server error", () => {
    it.each([
      ["a string detail", jsonResponse({ detail: "Too many messages: at most 5 an hour." }, 429), "Too many messages: at most 5 an hour."],
      [
        "a list detail, joined",
        jsonResponse({ detail: [{ msg: "Name is required" }, { msg: "Enter a valid email address" }] }, 422),
        "Name is required, Enter a valid email address",
      ],
      ["the fallback for a body without detail", new Response("<html>502</html>", { status: 502 }), "Failed to send message. Please try again."],
    ])("shows %s in the error card", async (_case, response, shown) => {
      mockFetch(() => response);
      const { user } = await openForm();
      await fillForm(user, COMPLETE);
      await user.click(screen.getByRole("button", { name: "Send Message" }));

      const card = await screen.findByRole("alert");
      expect(within(card).getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
      expect(within(card).getByText(shown)).toBeTruthy();
    });

    it("shows the fallback when the network fails", async () => {
      mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
      const { user } = await openForm();
      await fillForm(user, COMPLETE);
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      expect((await screen.findByRole("alert")).textContent).toContain("Failed to send message. Please try again.");
    });

    it("returns to the form with every typed value kept on Try Again", async () => {
      mockFetch(() => jsonResponse({ detail: "We couldn't send your message right now." }, 503));
      const { user, router } = await openForm();
      await fillForm(user, COMPLETE);
      await user.click(screen.getByRole("button", { name: "Send Message" }));
      await user.click(await screen.findByRole("button", { name: "Try Again" }));

      await waitFor(() => expect(field("Name").value).toBe("Ada Lovelace"));
      expect(field("Company").value).toBe("Analytical Ltd");
      expect(field("Email").value).toBe("ada@example.com");
      expect(field("Message").value).toBe("Let's partner.");
      expect(router.location.pathname).toBe("/contact");
      expect((screen.getByRole("button", { name: "Send Message" }) as HTMLButtonElement).disabled).toBe(false);
    });
  });
});

describe("/contact/success", () => {
  it("thanks the sender and links home", async () => {
    renderApp("/contact/success");
    await screen.findByRole("heading", { name: "Thank you" });
    expect(screen.getByText(/within one business day/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });
});
