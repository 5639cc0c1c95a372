// public/theme.js applies the saved choice before first paint; it uses the same key and values.
const STORAGE_KEY = "darkMode";
const DARK_CLASS = "dark";

/** The theme currently on the page (set by theme.js at load, then by the toggle). */
export function isDarkMode(): boolean {
  return document.documentElement.classList.contains(DARK_CLASS);
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  try {
    localStorage.setItem(STORAGE_KEY, String(dark));
  } catch {
    // Storage can be blocked; the choice then lasts until reload.
  }
}
