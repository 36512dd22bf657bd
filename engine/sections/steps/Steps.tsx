import type { StepsSection } from '../../generated/content';
import { Icon } from '../../ui/Icon';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function Steps({ section, index }: SectionProps<StepsSection>) {
  return (
    <SectionFrame kind="steps" index={index} section={section}>
      <ol className={`grid steps steps--${section.steps.length}`}>
        {section.steps.map((step, i) => (
          <li className="steps__item" key={step.title}>
            <span className="steps__number" aria-hidden="true">
              {step.icon ? <Icon name={step.icon} size={22} /> : i + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
