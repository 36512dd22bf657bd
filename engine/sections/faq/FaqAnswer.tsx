import { answerParagraphs, type FaqItem } from './faq-filter';

/**
 * An answer's paragraphs (blank lines in the YAML separate them). Its HTML holds only links, bold and
 * italic, made from the writer's Markdown with every other character escaped, so it is set as is.
 */
export function Answer({ item }: { item: Pick<FaqItem, 'answer' | 'answerHtml'> }) {
  if (!item.answerHtml) return answerParagraphs(item.answer).map((p, i) => <p key={i}>{p}</p>);
  return item.answerHtml.map((html, i) => <p key={i} dangerouslySetInnerHTML={{ __html: html }} />);
}
