import type { ReactNode } from "react";

/** A content page's opening: its one h1 and the sentence under it. */
export function PageHero({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <header className="page-hero">
      <h1>{title}</h1>
      <p className="page-hero__lead">{children}</p>
    </header>
  );
}

interface TitledSectionProps {
  /** The heading's id, which names the section for assistive tech (and is its #anchor). */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A page section labelled by its own h2, so screen readers list it by that title. */
export function TitledSection({ id, title, className, children }: TitledSectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
