import type { ReactNode } from 'react';
import type { Background } from '../generated/content';

/** What of a section the band shows: its anchor, background, heading and intro. */
export interface FrameFields {
  id?: string;
  background?: Background;
  title?: string;
  intro?: string;
}

interface SectionFrameProps {
  index: number;
  kind: string;
  section: FrameFields;
  /** The section type's own default, when the section names no background (plain otherwise). */
  defaultBackground?: Background;
  children: ReactNode;
}

/** The band every section sits in: anchor, background variant, and a labelled h2 when titled. */
export function SectionFrame({ index, kind, section, defaultBackground = 'plain', children }: SectionFrameProps) {
  const { id, title, intro } = section;
  const background = section.background ?? defaultBackground;
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
