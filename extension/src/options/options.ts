/** The options page: save or remove the API key (checked by the background), or sign in on the site. */
import { API_ORIGIN } from "../api-origin";
import type { KeyStatus, SaveKeyAnswer } from "../messages";

const statusLine = document.getElementById("key-status")!;
const message = document.getElementById("key-message")!;
const input = document.getElementById("api-key") as HTMLInputElement;

function showStatus(status: KeyStatus): void {
  statusLine.textContent = status.keyPrefix
    ? `Connected with the API key ${status.keyPrefix}: Pro data, Track and Alert are on.`
    : "No API key: the panel uses the free anonymous lookup.";
}

function say(text: string, ok: boolean): void {
  message.textContent = text;
  message.className = `message ${ok ? "message--ok" : "message--error"}`;
}

async function refresh(): Promise<void> {
  showStatus((await chrome.runtime.sendMessage({ type: "key-status" })) as KeyStatus);
}

document.getElementById("key-form")!.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = (await chrome.runtime.sendMessage({ type: "save-key", key: input.value })) as SaveKeyAnswer;
  if (answer.ok) {
    input.value = "";
    showStatus(answer.status);
    say(
      answer.replacedKeyPrefix
        ? `Key saved. The key it replaced (${answer.replacedKeyPrefix}) still works until you revoke it in Settings → API Access on ranklayer.com.`
        : "Key saved.",
      true,
    );
  } else {
    say(answer.detail, false);
  }
});

document.getElementById("remove-key")!.addEventListener("click", async () => {
  showStatus((await chrome.runtime.sendMessage({ type: "remove-key" })) as KeyStatus);
  say("Key removed from this browser. Revoke it in Settings → API Access on ranklayer.com to end it everywhere.", true);
});

document.getElementById("sign-in")!.addEventListener("click", () => {
  void chrome.tabs.create({ url: `${API_ORIGIN}/extension/connect?extension=${encodeURIComponent(chrome.runtime.id)}` });
});

// The site's connect page saves the key through the background: show it as soon as it lands.
chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === "local") void refresh();
});

void refresh();
