import type { StatsSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function Stats({ section, index }: SectionProps<StatsSection>) {
  return (
    <SectionFrame kind="stats" index={index} section={section} defaultBackground="muted">
      <dl className="stats">
        {section.items.map((item) => (
          <div className="stats__item" key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </SectionFrame>
  );
}
