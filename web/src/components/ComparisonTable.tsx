import { useId } from "react";
import { COMPARISON_CRITERIA, comparisonNote, RANKLAYER_PROFILE, type ToolProfile } from "../content/comparison";

/**
 * RankLayer and other tools side by side: one column per tool, one row per criterion.
 * The wrapper scrolls sideways on narrow screens, so it is a focusable, labelled region.
 */
export function ComparisonTable({ caption, tools }: { caption: string; tools: readonly ToolProfile[] }) {
  const captionId = useId();

  return (
    <div className="comparison">
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={tools.length > 2 ? "comparison-table" : "comparison-table comparison-table--pair"}>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Criterion</span>
              </th>
              {tools.map((tool) => (
                <th key={tool.name} scope="col">
                  {tool.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_CRITERIA.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {tools.map((tool) => (
                  <td key={tool.name}>{tool.facts[key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="comparison__note">{comparisonNote(tools.filter((tool) => tool !== RANKLAYER_PROFILE))}</p>
    </div>
  );
}
