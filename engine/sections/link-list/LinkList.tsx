import type { LinkListSection } from '../../generated/content';
import { LinkItems } from '../../ui/lists';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function LinkList({ section, index }: SectionProps<LinkListSection>) {
  return (
    <SectionFrame kind="link-list" index={index} section={section}>
      <div className={`grid grid--${Math.min(section.groups.length, 4)}`}>
        {section.groups.map((group, g) => (
          // Plain groups, not nav landmarks: the section heading already names them, and the footer owns the site's link landmarks.
          <div className="link-group" key={group.title ?? g}>
            {group.title && <h3>{group.title}</h3>}
            <ul>
              <LinkItems links={group.links} descriptionClass="link-group__description" />
            </ul>
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}
