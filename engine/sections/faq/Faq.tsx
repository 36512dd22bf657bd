import type { ResolvedFaqSection } from './resolved';
import { island } from '../../render/island';
import FaqAccordion from './FaqAccordion.island';
import { FAQ_PARAMS, faqIsInteractive } from './faq-filter';
import type { SectionProps } from '../SectionFrame';

// Hydrates when the visitor reaches for the search box or a category, or with the page when the address asks for a filter.
export const FaqIsland = island('FaqAccordion', FaqAccordion, { on: 'interaction', params: FAQ_PARAMS });

/** A FAQ section is an island only when it has a search or filter; otherwise it is plain HTML. */
export function Faq(props: SectionProps<ResolvedFaqSection>) {
  return faqIsInteractive(props.section) ? <FaqIsland {...props} /> : <FaqAccordion {...props} />;
}
