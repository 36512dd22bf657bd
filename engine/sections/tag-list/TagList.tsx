import type { TagListSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function TagList({ section, index }: SectionProps<TagListSection>) {
  return (
    <SectionFrame kind="tag-list" index={index} section={section}>
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
