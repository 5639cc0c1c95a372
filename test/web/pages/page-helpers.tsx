import { screen, within } from "@testing-library/react";

/** The hrefs of every link inside <main> (header and footer links are the shell's, tested elsewhere). */
export function mainLinkHrefs(): string[] {
  return within(screen.getByRole("main"))
    .getAllByRole("link")
    .map((link) => link.getAttribute("href") ?? "");
}

/** Every text block in <main> that mentions "unlimited" together with "free": none may. */
export function unlimitedFreeClaims(): string[] {
  const blocks = screen.getByRole("main").querySelectorAll("p, li, td, th, h1, h2, h3, a, button");
  return [...blocks]
    .map((block) => block.textContent ?? "")
    .filter((text) => /unlimited/i.test(text) && /free/i.test(text));
}
