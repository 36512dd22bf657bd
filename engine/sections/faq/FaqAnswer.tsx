import { answerParagraphs } from './faq-filter';

/** An answer's paragraphs (blank lines in the YAML separate them). */
export function Answer({ text }: { text: string }) {
  return (
    <>
      {answerParagraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}
