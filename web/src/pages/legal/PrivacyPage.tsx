import { Link } from "react-router-dom";
import "../../styles/legal.css";

/** /privacy: what RankLayer really keeps, for how long, and why. */
export function PrivacyPage() {
  return (
    <article className="container legal">
      <h1>Privacy Policy</h1>
      <p className="legal__lead">
        RankLayer looks up public Amazon product data. We keep as little about you as the service needs to work, and
        we keep it for a short, fixed time.
      </p>

      <section aria-labelledby="privacy-lookups">
        <h2 id="privacy-lookups">Lookups</h2>
        <p>
          For each lookup we log the ASIN, the marketplace, the answer&apos;s status, where the data came from and how
          long it took. The lookup log contains no IP address or other identifier of you, and it is kept for up to 30
          days.
        </p>
      </section>

      <section aria-labelledby="privacy-limits">
        <h2 id="privacy-limits">Rate limits</h2>
        <p>
          To keep the free tier fair, we count requests per client, keyed by the IP address your connection comes
          from. The counters hold only the current limit windows and are kept for up to 30 days after your last
          request.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact messages</h2>
        <p>
          When you write to us through the <Link to="/contact">contact form</Link>, we store your name, company (if
          given), email address and message so that we can answer you. We answer within one business day. Ask us
          through the same form if you want your message deleted.
        </p>
      </section>

      <section aria-labelledby="privacy-sellers">
        <h2 id="privacy-sellers">Connected seller accounts (Pro)</h2>
        <ul>
          <li>
            Connecting uses Amazon&apos;s own sign-in (OAuth). We never see your Amazon password.
          </li>
          <li>
            The access is read-only: RankLayer reads catalog, rank, pricing and inventory data and never changes a
            listing.
          </li>
          <li>The refresh token Amazon issues us is encrypted at rest with AES-256-GCM.</li>
          <li>You can revoke the access at any time in Seller Central.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies and local storage</h2>
        <ul>
          <li>
            <strong>Session cookie</strong>: keeps you signed in to the seller features. It is HttpOnly, so scripts
            on the page cannot read it.
          </li>
          <li>
            <strong>XSRF-TOKEN cookie</strong>: protects forms and account actions against cross-site request
            forgery.
          </li>
          <li>
            <strong>darkMode</strong> in your browser&apos;s local storage: remembers your theme. It never leaves your
            browser.
          </li>
        </ul>
        <p>We use no advertising cookies.</p>
      </section>

      <section aria-labelledby="privacy-amazon">
        <h2 id="privacy-amazon">Data from Amazon</h2>
        <p>
          Product data comes from Amazon&apos;s APIs and is cached for at most 24 hours. As an Amazon Associate,
          RankLayer earns from qualifying purchases: links to Amazon may carry our Associates tag.
        </p>
      </section>

      <section aria-labelledby="privacy-hosting">
        <h2 id="privacy-hosting">Where the data lives</h2>
        <p>RankLayer runs on Cloudflare, which processes requests and stores the data above on our behalf.</p>
      </section>

      <p className="legal__footer">
        Questions about this policy? <Link to="/contact">Contact us</Link>. See also our{" "}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </article>
  );
}
