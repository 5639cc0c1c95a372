/**
 * The panel's own styles inside its shadow root: `all: initial` on the host so Amazon's CSS
 * cannot reach in, and colours with AA contrast in light and dark (the browser's scheme).
 */
export const PANEL_CSS = `
:host { all: initial; display: block; margin: 12px 0; }
.panel { box-sizing: border-box; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: #1f2328; background: #ffffff; border: 1px solid #c9ced6; border-radius: 8px; padding: 12px 14px; max-width: 480px; }
.head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
h2 { font-size: 15px; margin: 0; font-weight: 700; }
h3 { font-size: 13px; margin: 0; font-weight: 600; }
.badge { font-size: 12px; font-weight: 600; border-radius: 999px; padding: 1px 8px; border: 1px solid currentColor; }
.badge--live { color: #116329; }
.badge--cache { color: #0b4fa8; }
.badge--mock { color: #8a4600; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; }
dt { color: #4b535d; }
dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.chart-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin: 8px 0 4px; }
.chart { display: block; width: 100%; height: auto; background: #f4f6f8; border-radius: 4px; }
.chart__line { fill: none; stroke: #0b5cd5; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.chart__marker { fill: #0b5cd5; }
.ranges { display: flex; gap: 4px; }
.note, .summary { color: #4b535d; font-size: 13px; margin: 4px 0; }
.mock-note { color: #8a4600; font-size: 13px; margin: 0 0 8px; }
.actions { display: flex; gap: 8px; margin-top: 10px; flex-wrap: wrap; }
button, select, input { font: inherit; }
button { cursor: pointer; border-radius: 6px; border: 1px solid #0b5cd5; background: #0b5cd5; color: #ffffff; padding: 4px 12px; min-height: 32px; }
button.secondary { background: transparent; color: #0b4fa8; }
button.small { min-height: 28px; padding: 2px 8px; font-size: 12px; }
button[aria-pressed="true"] { background: #0b5cd5; color: #ffffff; }
button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
form { display: grid; gap: 6px; margin-top: 10px; padding-top: 10px; border-top: 1px solid #c9ced6; }
form[hidden] { display: none; }
label { display: grid; gap: 2px; font-size: 13px; }
select, input { border: 1px solid #6e7781; border-radius: 6px; padding: 4px 6px; background: #ffffff; color: #1f2328; }
.message { margin: 8px 0 0; font-size: 13px; }
.message--error, .error { color: #b3261e; }
.error { margin: 0; }
@media (prefers-color-scheme: dark) {
  .panel { color: #e6edf3; background: #161b22; border-color: #3d444d; }
  dt, .note, .summary { color: #b1bac4; }
  .badge--live { color: #56d364; }
  .badge--cache { color: #79b8ff; }
  .badge--mock, .mock-note { color: #f0b45b; }
  .chart { background: #0d1117; }
  .chart__line { stroke: #79b8ff; }
  .chart__marker { fill: #79b8ff; }
  button { background: #2f81f7; border-color: #2f81f7; color: #0d1117; }
  button.secondary { background: transparent; color: #79b8ff; }
  button[aria-pressed="true"] { background: #2f81f7; color: #0d1117; }
  form { border-top-color: #3d444d; }
  select, input { background: #0d1117; color: #e6edf3; border-color: #8b949e; }
  .message--error, .error { color: #ff7b72; }
}
`;
