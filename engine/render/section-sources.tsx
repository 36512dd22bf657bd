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
 * and layout are the same with and without it.
 */
export function SectionSource({ file, at, type, shown }: { file: string; at: SourcePosition; type: string; shown: boolean }) {
  const place = sourceText(file, at);
  if (!shown) return <span hidden data-source={place} data-section-type={type} />;
  return (
    <p className="dev-source" data-source={place} data-section-type={type}>
      <code>{place}</code> <span className="dev-source__type">{type}</span>
    </p>
  );
}
