import { Link } from "../../components/Link";
import { FREE_PLAN } from "@contract/plans";
import { TitledSection } from "../../components/PageSections";
import "../../styles/legal.css";

/** /terms: the rules of the service, stated as the product actually works. */
export function TermsPage() {
  return (
    <article className="container legal">
      <h1>Terms of Service</h1>
      <p className="legal__lead">
        These terms cover your use of RankLayer. By using the site you agree to them.
      </p>

      <TitledSection id="terms-service" title="The service">
        <p>
          RankLayer shows Amazon product data such as Best Sellers Rank, price, offers, rating and review count. The
          free tier needs no account and allows {FREE_PLAN.lookupsPerMonth} lookups per month per client, with a
          per-minute limit to keep the service fast for everyone. Pro features require connecting a seller account;
          see <Link to="/pricing">Pricing</Link> for what each plan includes.
        </p>
      </TitledSection>

      <TitledSection id="terms-data" title="The data">
        <p>
          Data comes from Amazon&apos;s APIs and may be up to 24 hours old. It is provided as is: Amazon&apos;s
          figures change often, and we cannot guarantee that they are complete or current. When live data is not
          available, results are clearly labelled as cached or mock data.
        </p>
      </TitledSection>

      <TitledSection id="terms-accounts" title="Connected seller accounts">
        <p>
          Access to a connected seller account is read-only. RankLayer never changes a listing, price or inventory
          setting. Its refresh token is encrypted at rest, and you can revoke the access at any time in Seller
          Central.
        </p>
      </TitledSection>

      <TitledSection id="terms-use" title="Fair use">
        <p>
          Do not try to get around the rate limits, overload the service, or use it to break Amazon&apos;s terms. We
          may block clients that do.
        </p>
      </TitledSection>

      <TitledSection id="terms-billing" title="Paid plans">
        <p>
          Paid plans are priced in US dollars per month, billed monthly, and can be cancelled or downgraded at any
          time. Enterprise terms are agreed with our sales team.
        </p>
      </TitledSection>

      <TitledSection id="terms-support" title="Support">
        <p>
          Write to us through the <Link to="/contact">contact form</Link>. We answer within one business day.
        </p>
      </TitledSection>

      <TitledSection id="terms-affiliate" title="Affiliate disclosure">
        <p>
          As an Amazon Associate, RankLayer earns from qualifying purchases. Amazon and all related marks are
          trademarks of Amazon.com, Inc. or its affiliates. RankLayer is not affiliated with or endorsed by Amazon.
        </p>
      </TitledSection>

      <TitledSection id="terms-changes" title="Changes">
        <p>We may update these terms; the version on this page is the one in force.</p>
      </TitledSection>

      <p className="legal__footer">
        How we handle your data is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </article>
  );
}
