/** Runs `task` now if the tab is visible, else the first time it becomes visible: a hidden tab costs no request. */
export function whenVisible(doc: Document, task: () => void): void {
  if (doc.visibilityState === "visible") return task();
  const onChange = () => {
    if (doc.visibilityState !== "visible") return;
    doc.removeEventListener("visibilitychange", onChange);
    task();
  };
  doc.addEventListener("visibilitychange", onChange);
}
