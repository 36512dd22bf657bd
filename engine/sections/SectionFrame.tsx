import type { ReactNode } from 'react';

interface SectionFrameProps {
  id?: string;
  index: number;
  kind: string;
  background?: 'plain' | 'muted' | 'brand';
  title?: string;
  intro?: string;
  children: ReactNode;
}

/** The band every section sits in: anchor, background variant, and a labelled h2 when titled. */
export function SectionFrame({ id, index, kind, background = 'plain', title, intro, children }: SectionFrameProps) {
  const headingId = title ? `${id ?? `section-${index}`}-title` : undefined;
  return (
    <section id={id} className={`section section--${kind} band band--${background}`} aria-labelledby={headingId}>
      <div className="container">
        {title && (
          <header className="section__header">
            <h2 id={headingId}>{title}</h2>
            {intro && <p className="section__intro">{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}

export interface SectionProps<T> {
  section: T;
  index: number;
}
