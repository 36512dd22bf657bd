import { createContext } from 'react';
import type { SourcePosition } from '../content/model';

/**
 * Set by the dev server only: each section is preceded by a marker naming the file:line:column that
 * declares it, shown as a label when `shown`. The build never sets it, so built pages carry none.
 */
export interface SectionSources {
  shown: boolean;
}

export const SectionSourcesContext = createContext<SectionSources | null>(null);

/** `site/pages/pricing.yaml:42:5`, the form every content message uses. */
export const sourceText = (file: string, at: SourcePosition) => `${file}:${at.line}:${at.column}`;

/**
 * A sibling before the section rather than a wrapper around it, so the page's selectors (`a ~ b`)
 * and layout are the same with and without it. `data-section` is the section's index in the page's
 * `sections`, which the editor's preview maps a click to.
 */
export function SectionSource({
  file,
  at,
  type,
  shown,
  index,
}: {
  file: string;
  at: SourcePosition;
  type: string;
  shown: boolean;
  index: number;
}) {
  const place = sourceText(file, at);
  if (!shown) return <span hidden data-source={place} data-section-type={type} data-section={index} />;
  return (
    <p className="dev-source" data-source={place} data-section-type={type} data-section={index}>
      <code>{place}</code> <span className="dev-source__type">{type}</span>
    </p>
  );
}
