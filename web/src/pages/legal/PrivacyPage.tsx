import { Link } from "../../components/Link";
import { TitledSection } from "../../components/PageSections";
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

      <TitledSection id="privacy-lookups" title="Lookups">
        <p>
          For each lookup we log the ASIN, the marketplace, the answer&apos;s status, where the data came from and how
          long it took. The lookup log contains no IP address or other identifier of you, and it is kept for up to 30
          days.
        </p>
      </TitledSection>

      <TitledSection id="privacy-limits" title="Rate limits">
        <p>
          To keep the free tier fair, we count requests per client, keyed by the IP address your connection comes
          from. The counters hold only the current limit windows and are kept for up to 30 days after your last
          request.
        </p>
      </TitledSection>

      <TitledSection id="privacy-contact" title="Contact messages">
        <p>
          When you write to us through the <Link to="/contact">contact form</Link>, we store your name, company (if
          given), email address and message so that we can answer you. We answer within one business day. Ask us
          through the same form if you want your message deleted.
        </p>
      </TitledSection>

      <TitledSection id="privacy-sellers" title="Connected seller accounts (Pro)">
        <ul>
          <li>
            Connecting uses Amazon&apos;s own sign-in (OAuth). We never see your Amazon password.
          </li>
          <li>
            The access is read-only: RankLayer reads catalog, rank, pricing and inventory data and never changes a
            listing.
          </li>
          <li>The refresh token Amazon issues us is encrypted at rest with AES-256-GCM.</li>
          <li>Your own figures read from Amazon (FBA stock, Buy Box, sales) are kept for 13 months, then deleted.</li>
          <li>You can revoke the access at any time in Seller Central.</li>
        </ul>
      </TitledSection>

      <TitledSection id="privacy-accounts" title="Email sign-in and passkeys">
        <ul>
          <li>
            Signing in by email stores your address. Each sign-in email&apos;s link and code are stored only as
            one-way hashes, work once for 15 minutes, and the record of the request (address, a hash of your network
            address, time) is deleted after a day; it only counts the sending limits.
          </li>
          <li>
            A passkey stores its public key and a name you choose. The private key never leaves your device, and we
            keep no fingerprint or face data.
          </li>
        </ul>
      </TitledSection>

      <TitledSection id="privacy-your-data" title="Export and deletion">
        <p>
          Settings → Account → <strong>Export my data</strong> downloads everything stored about your account as a
          JSON file. <strong>Delete my account</strong> cancels a paid subscription, then erases your account, email
          address, passkeys, sessions, Amazon authorization, API keys, alerts, notifications, watchlist and settings at
          once. What stays afterwards:
        </p>
        <ul>
          <li>Invoices and payment records at Stripe, for as long as tax law requires (we cannot erase them).</li>
          <li>Database backups, which roll over within 30 days.</li>
          <li>
            The rank history of the ASINs you tracked: public product data shared by everyone who tracks them, naming
            nobody.
          </li>
        </ul>
      </TitledSection>

      <TitledSection id="privacy-cookies" title="Cookies and local storage">
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
      </TitledSection>

      <TitledSection id="privacy-amazon" title="Data from Amazon">
        <p>
          Product data comes from Amazon&apos;s APIs and is cached for at most 24 hours. As an Amazon Associate,
          RankLayer earns from qualifying purchases: links to Amazon may carry our Associates tag.
        </p>
      </TitledSection>

      <TitledSection id="privacy-hosting" title="Where the data lives">
        <p>RankLayer runs on Cloudflare, which processes requests and stores the data above on our behalf.</p>
      </TitledSection>

      <p className="legal__footer">
        Questions about this policy? <Link to="/contact">Contact us</Link>. See also our{" "}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </article>
  );
}
