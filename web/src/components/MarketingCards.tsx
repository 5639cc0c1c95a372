import type { ReactNode } from "react";
import { Link } from "./Link";

export interface TitledText {
  title: string;
  text: string;
}

/** A grid of plain cards, a heading and a sentence each. */
export function TextCardGrid({ cards }: { cards: readonly TitledText[] }) {
  return (
    <div className="card-grid">
      {cards.map(({ title, text }) => (
        <article key={title} className="card">
          <h3>{title}</h3>
          <p>{text}</p>
        </article>
      ))}
    </div>
  );
}

interface OfferCardProps {
  /** The small line above the title, e.g. the plan and its price. */
  eyebrow?: ReactNode;
  title: ReactNode;
  /** Highlights the paid offer beside the free one. */
  featured?: boolean;
  /** The steps it leads to, first the main one. */
  actions: readonly CardAction[];
  children: ReactNode;
}

interface CardAction {
  to: string;
  label: string;
  variant: "primary" | "secondary";
}

/** One offer (a plan, a tier, a phase) with the steps it leads to. */
export function OfferCard({ eyebrow, title, featured = false, actions, children }: OfferCardProps) {
  return (
    <article className={featured ? "card card--stacked card--featured" : "card card--stacked"}>
      {eyebrow !== undefined && <p className="card__eyebrow">{eyebrow}</p>}
      <h3>{title}</h3>
      {children}
      <div className="card__actions">
        {actions.map(({ to, label, variant }) => (
          <Link key={to} to={to} className={`button button--${variant}`}>
            {label}
          </Link>
        ))}
      </div>
    </article>
  );
}
