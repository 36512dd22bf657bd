import type { TagListSection } from '../generated/content';
import { SectionFrame, type SectionProps } from './SectionFrame';

export function TagList({ section, index }: SectionProps<TagListSection>) {
  return (
    <SectionFrame kind="tag-list" index={index} id={section.id} background={section.background} title={section.title} intro={section.intro}>
      <ul className="tags">
        {section.tags.map((t) => (
          <li key={t} className="tag">
            {t}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
