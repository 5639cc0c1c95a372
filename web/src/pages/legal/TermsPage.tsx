import { Link } from "react-router-dom";
import { FREE_PLAN } from "../../../../worker/contract/plans";
import "../../styles/legal.css";

/** /terms: the rules of the service, stated as the product actually works. */
export function TermsPage() {
  return (
    <article className="container legal">
      <h1>Terms of Service</h1>
      <p className="legal__lead">
        These terms cover your use of RankLayer. By using the site you agree to them.
      </p>

      <section aria-labelledby="terms-service">
        <h2 id="terms-service">The service</h2>
        <p>
          RankLayer shows Amazon product data such as Best Sellers Rank, price, offers, rating and review count. The
          free tier needs no account and allows {FREE_PLAN.lookupsPerMonth} lookups per month per client, with a
          per-minute limit to keep the service fast for everyone. Pro features require connecting a seller account;
          see <Link to="/pricing">Pricing</Link> for what each plan includes.
        </p>
      </section>

      <section aria-labelledby="terms-data">
        <h2 id="terms-data">The data</h2>
        <p>
          Data comes from Amazon&apos;s APIs and may be up to 24 hours old. It is provided as is: Amazon&apos;s
          figures change often, and we cannot guarantee that they are complete or current. When live data is not
          available, results are clearly labelled as cached or mock data.
        </p>
      </section>

      <section aria-labelledby="terms-accounts">
        <h2 id="terms-accounts">Connected seller accounts</h2>
        <p>
          Access to a connected seller account is read-only. RankLayer never changes a listing, price or inventory
          setting. Its refresh token is encrypted at rest, and you can revoke the access at any time in Seller
          Central.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">Fair use</h2>
        <p>
          Do not try to get around the rate limits, overload the service, or use it to break Amazon&apos;s terms. We
          may block clients that do.
        </p>
      </section>

      <section aria-labelledby="terms-billing">
        <h2 id="terms-billing">Paid plans</h2>
        <p>
          Paid plans are priced in US dollars per month, billed monthly, and can be cancelled or downgraded at any
          time. Enterprise terms are agreed with our sales team.
        </p>
      </section>

      <section aria-labelledby="terms-support">
        <h2 id="terms-support">Support</h2>
        <p>
          Write to us through the <Link to="/contact">contact form</Link>. We answer within one business day.
        </p>
      </section>

      <section aria-labelledby="terms-affiliate">
        <h2 id="terms-affiliate">Affiliate disclosure</h2>
        <p>
          As an Amazon Associate, RankLayer earns from qualifying purchases. Amazon and all related marks are
          trademarks of Amazon.com, Inc. or its affiliates. RankLayer is not affiliated with or endorsed by Amazon.
        </p>
      </section>

      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">Changes</h2>
        <p>We may update these terms; the version on this page is the one in force.</p>
      </section>

      <p className="legal__footer">
        How we handle your data is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </article>
  );
}
