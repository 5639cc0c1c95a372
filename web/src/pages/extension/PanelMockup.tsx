/**
 * The extension's panel drawn in HTML for the /extension page: a static illustration with sample
 * figures (labelled as such), so the page needs no screenshot file and stays light.
 */
const SAMPLE_PATH = "M4 52 L24 48 L44 50 L64 40 L84 42 L104 34 L124 36 L144 28 L164 30 L184 22 L204 26 L224 18 L244 20 L264 14 L284 12 L296 10";

export function PanelMockup() {
  return (
    <div className="extension-mockup" aria-label="Illustration of the RankLayer panel on an Amazon product page" role="img">
      <div className="extension-mockup__page" aria-hidden="true">
        <div className="extension-mockup__product">
          <span className="extension-mockup__image" />
          <span className="extension-mockup__line extension-mockup__line--title" />
          <span className="extension-mockup__line" />
          <span className="extension-mockup__line extension-mockup__line--short" />
        </div>
        <div className="extension-mockup__side">
          <div className="extension-mockup__buybox">
            <span className="extension-mockup__line extension-mockup__line--short" />
            <span className="extension-mockup__button">Add to Cart</span>
          </div>
          <div className="extension-mockup__panel">
            <div className="extension-mockup__head">
              <strong>RankLayer</strong>
              <span className="badge badge--live">Live</span>
            </div>
            <dl>
              <dt>Best Sellers Rank</dt>
              <dd>#1,284 in Electronics</dd>
              <dt>Rating</dt>
              <dd>not available</dd>
              <dt>Source</dt>
              <dd>Live, as of 25 Nov, 04:00 UTC</dd>
            </dl>
            <svg viewBox="0 0 300 64" className="extension-mockup__chart">
              <path d={SAMPLE_PATH} />
            </svg>
            <div className="extension-mockup__actions">
              <span className="extension-mockup__button">Track</span>
              <span className="extension-mockup__button extension-mockup__button--secondary">Alert</span>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
