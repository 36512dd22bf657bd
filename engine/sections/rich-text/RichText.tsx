import type { RichTextSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { TickList } from '../../ui/lists';

export function RichText({ section, index }: SectionProps<RichTextSection>) {
  return (
    <SectionFrame kind="rich-text" index={index} section={section}>
      <div className="prose">
        {section.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {section.list && <TickList items={section.list} />}
      </div>
    </SectionFrame>
  );
}
