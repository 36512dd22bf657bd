import { useState, type MouseEvent } from 'react';
import type { ResolvedPlanGroup, ResolvedPricingPlan, ResolvedPricingTableSection } from './resolved';
import { ActionButton } from '../../ui/ActionButton';
import { useQueryState } from '../../ui/use-query-state';
import { BILLING_QUERY, formatAmount, savingLine, type BillingPeriod } from './pricing';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { TickList } from '../../ui/lists';

const PERIODS: BillingPeriod[] = ['monthly', 'annual'];

function initialSelection(groups: ResolvedPlanGroup[]): (string | null)[] {
  return groups.map((g) => (g.selectable ? (g.plans.find((p) => p.selected)?.id ?? null) : null));
}

/**
 * Plans with a monthly/annual switch (spec 001 §2 "Pricing", §4, §9). The prerendered HTML shows
 * monthly prices; after hydration ?billing=annual is applied, and every switch is written back with
 * history.replaceState so a copied link shows the same prices. In a selectable group, clicking a
 * card (or pressing the plan's name, a toggle button) highlights that plan.
 */
export default function PricingTable({ section, index }: SectionProps<ResolvedPricingTableSection>) {
  const prefix = section.id ?? `pricing-${index}`;
  const currency = section.currency;
  const { billing: words } = section;
  const [billing, setBilling] = useQueryState(BILLING_QUERY);
  const [announcement, setAnnouncement] = useState('');
  const [selected, setSelected] = useState(() => initialSelection(section.groups));

  const choosePeriod = (period: BillingPeriod) => {
    setBilling(period);
    setAnnouncement(`${words.label}: ${words[period]}`);
  };

  const select = (group: number, id: string) => setSelected((prev) => prev.map((s, i) => (i === group ? id : s)));

  // The card is a large click target for the mouse; links and buttons inside it do their own thing.
  const selectFromCard = (e: MouseEvent<HTMLLIElement>, group: number, id: string) => {
    if ((e.target as Element).closest('a, button')) return;
    select(group, id);
  };

  const labelId = `${prefix}-billing-label`;

  const renderPlan = (plan: ResolvedPricingPlan, group: ResolvedPlanGroup, g: number) => {
    const isSelected = group.selectable === true && selected[g] === plan.id;
    const period = plan.period ?? words.period;
    const annualSaving = savingLine(plan, currency, words.saving);
    const saving = billing === 'annual' ? annualSaving : null;
    const classes = [
      'card',
      'price-card',
      plan.badge && 'price-card--featured',
      group.selectable && 'price-card--selectable',
      isSelected && 'price-card--selected',
    ];
    return (
      <li
        key={plan.id}
        id={`${prefix}-${plan.id}`}
        className={classes.filter(Boolean).join(' ')}
        onClick={group.selectable ? (e) => selectFromCard(e, g, plan.id) : undefined}
        data-island-control={group.selectable ? '' : undefined}
      >
        {plan.badge && <span className="card__badge">{plan.badge}</span>}
        <h4 className="price-card__name">
          {group.selectable ? (
            <button type="button" className="price-card__select" aria-pressed={isSelected} onClick={() => select(g, plan.id)}>
              {plan.name}
            </button>
          ) : (
            plan.name
          )}
        </h4>
        {plan.description && <p className="price-card__description">{plan.description}</p>}
        <p className="plan__price">
          <span className="plan__amount">{formatAmount(plan.price[billing], currency)}</span>
          <span className="plan__period"> {period[billing]}</span>
        </p>
        {saving && <p className="price-card__saving">{saving}</p>}
        {/* Without a script the switch cannot work, so each card states its other price too. */}
        <noscript>
          <p className="price-card__other">
            {words.annual}: {formatAmount(plan.price.annual, currency)} {period.annual}
            {annualSaving && `. ${annualSaving}`}
          </p>
        </noscript>
        <TickList items={plan.features} />
        {plan.limitations && plan.limitations.length > 0 && (
          <ul className="price-card__limits" aria-label={section.limitationsLabel ?? 'Not included'}>
            {plan.limitations.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        )}
        {plan.action && (
          <div className="card__action">
            <ActionButton action={plan.action} />
          </div>
        )}
      </li>
    );
  };

  return (
    <SectionFrame kind="pricing-table" index={index} section={section}>
      <div className="billing-switch" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="billing-switch__label">
          {words.label}
        </span>
        <span className="billing-switch__options">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className="billing-switch__option"
              aria-pressed={billing === period}
              onClick={() => choosePeriod(period)}
            >
              {words[period]}
              {period === 'annual' && words.annualNote && <span className="billing-switch__note">{words.annualNote}</span>}
            </button>
          ))}
        </span>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {section.groups.map((group, g) => {
        const titleId = `${group.id ?? `${prefix}-group-${g}`}-title`;
        return (
          <div key={group.title} id={group.id} className="price-group">
            <h3 id={titleId} className="price-group__title">
              {group.title}
            </h3>
            {group.intro && <p className="price-group__intro">{group.intro}</p>}
            <ul className={`grid grid--${Math.min(Math.max(group.plans.length, 2), 4)} price-group__plans`} aria-labelledby={titleId}>
              {group.plans.map((plan) => renderPlan(plan, group, g))}
            </ul>
          </div>
        );
      })}
      {section.note && <p className="plans__note">{section.note}</p>}
    </SectionFrame>
  );
}
