import { useState } from "react";
import { isDarkMode, setDarkMode } from "../state/dark-mode";

/** Sun while dark (click for light), moon while light (click for dark). */
export function DarkModeToggle() {
  const [dark, setDark] = useState(isDarkMode);

  function toggle() {
    setDarkMode(!dark);
    setDark(!dark);
  }

  return (
    <button type="button" className="icon-button" aria-pressed={dark} aria-label="Dark mode" onClick={toggle}>
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

function SunIcon() {
  return (
    <svg className="icon" data-icon="sun" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg className="icon" data-icon="moon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}
