import { describe, expect, it } from "vitest";
import { keepPanelInPage } from "../../extension/src/panel-keeper";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("keeping the panel in Amazon's page", () => {
  it("puts the same panel back under the buy box when Amazon redraws the right column", async () => {
    document.body.innerHTML = `<div id="rightCol"><div id="desktop_buybox"></div></div>`;
    const panel = document.createElement("div");
    panel.textContent = "the answer";
    document.getElementById("desktop_buybox")!.after(panel);
    let kept: HTMLElement | null = panel;
    const observer = keepPanelInPage(document, () => kept);

    document.getElementById("rightCol")!.innerHTML = `<div id="desktop_buybox">another variant</div>`;
    await settle();
    expect(panel.isConnected).toBe(true);
    expect(panel.previousElementSibling?.id).toBe("desktop_buybox");
    expect(document.querySelectorAll("#rightCol > div")).toHaveLength(2);

    // No panel to keep (another product is being looked up): nothing is put back.
    kept = null;
    panel.remove();
    document.body.append(document.createElement("p"));
    await settle();
    expect(panel.isConnected).toBe(false);
    observer.disconnect();
  });
});
