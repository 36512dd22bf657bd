import type { PlansSection } from '../../generated/content';
import { ActionButton } from '../../ui/ActionButton';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { TickList } from '../../ui/lists';

export function Plans({ section, index }: SectionProps<PlansSection>) {
  return (
    <SectionFrame kind="plans" index={index} section={section}>
      <ul className={`grid grid--${Math.min(Math.max(section.plans.length, 2), 4)} plans`}>
        {section.plans.map((plan) => (
          <li key={plan.name} className={plan.badge ? 'card plan plan--featured' : 'card plan'}>
            {plan.badge && <span className="card__badge">{plan.badge}</span>}
            <h3>{plan.name}</h3>
            <p className="plan__price">
              <span className="plan__amount">{plan.price}</span>
              {plan.period && <span className="plan__period"> {plan.period}</span>}
            </p>
            {plan.description && <p>{plan.description}</p>}
            <TickList items={plan.features} />
            {plan.action && (
              <div className="card__action">
                <ActionButton action={plan.action} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {section.note && <p className="plans__note">{section.note}</p>}
    </SectionFrame>
  );
}
