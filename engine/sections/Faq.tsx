import type { ResolvedFaqSection } from '../content/model';
import { island } from '../render/island';
import FaqAccordion from './FaqAccordion.island';
import { faqIsInteractive } from './faq-filter';
import type { SectionProps } from './SectionFrame';

const FaqIsland = island('FaqAccordion', FaqAccordion);

/** A FAQ section is an island only when it has a search or filter; otherwise it is plain HTML. */
export function Faq(props: SectionProps<ResolvedFaqSection>) {
  return faqIsInteractive(props.section) ? <FaqIsland {...props} /> : <FaqAccordion {...props} />;
}
