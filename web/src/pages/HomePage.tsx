import { usePageMeta } from "../app/use-page-meta";
import { LookupForm } from "../components/LookupForm";
import "../styles/home.css";

export function HomePage() {
  usePageMeta({
    title: "Amazon Best Sellers Rank Lookup",
    description:
      "Check any Amazon product's Best Sellers Rank, price, offers, rating and reviews for free. No sign-up needed.",
  });

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          {/* CSS shows one of the two: the full headline, or the short one on narrow screens. */}
          <span className="hero__title-full">The Amazon Rank Intelligence Layer</span>
          <span className="hero__title-short">Amazon Rank Intelligence</span>
        </h1>
        <p className="hero__lead">
          Type an ASIN to see its Best Sellers Rank, price, offers, rating and reviews. Free, no sign-up.
        </p>
        <LookupForm />
      </div>
    </section>
  );
}
