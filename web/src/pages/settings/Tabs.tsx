import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router-dom";

export interface TabDefinition {
  id: string;
  label: string;
  panel: ReactNode;
}

/** Where each key moves the selection, from `index` among `count` tabs. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return (index + 1) % count;
    case "ArrowLeft":
    case "ArrowUp":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/**
 * An ARIA tablist (the WAI-ARIA "tabs with automatic activation" pattern): one tab in the
 * Tab order, arrow keys, Home and End move between tabs and show their panel.
 */
export function Tabs({ label, tabs }: { label: string; tabs: readonly TabDefinition[] }) {
  const baseId = useId();
  // A link may open a tab by its id: /settings#account.
  const { hash } = useLocation();
  const [selected, setSelected] = useState(() => Math.max(0, tabs.findIndex((tab) => hash === `#${tab.id}`)));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={index !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {index === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
