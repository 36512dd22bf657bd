import type { RichTextSection } from '../generated/content';
import { Icon } from '../ui/Icon';
import { SectionFrame, type SectionProps } from './SectionFrame';

export function RichText({ section, index }: SectionProps<RichTextSection>) {
  return (
    <SectionFrame kind="rich-text" index={index} id={section.id} background={section.background} title={section.title}>
      <div className="prose">
        {section.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {section.list && (
          <ul className="ticks">
            {section.list.map((i) => (
              <li key={i}>
                <Icon name="check" size={16} />
                {i}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionFrame>
  );
}
