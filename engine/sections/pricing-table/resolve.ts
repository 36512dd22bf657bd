import { closest } from '../../content/closest';
import type { ResolvedPlanGroup } from './resolved';
import { planPrice, planPriceKeys, type FactSources } from '../../content/placeholders';
import type { DataPath } from '../../content/yaml-source';
import type { PricingTableSection } from '../../generated/content';

/** A pricing table's groups, each plan with the monthly and annual amounts of the catalogue group it names. */
export function planPrices(
  section: PricingTableSection,
  facts: FactSources,
  report: (at: DataPath, message: string) => void,
): ResolvedPlanGroup[] {
  return section.groups.map((group, g) => ({
    ...group,
    plans: group.plans.map((plan, p) => {
      const price = planPrice(facts.prices, plan.price);
      if (price) return { ...plan, price };
      const known = planPriceKeys(facts.prices);
      const guess = closest(plan.price, known);
      report(
        ['groups', g, 'plans', p, 'price'],
        `no plan price "${plan.price}" in site/data/pricing.yaml: a plan names a group with a monthly and an annual amount.` +
          (guess ? ` Did you mean "${guess}"?` : ` Known: ${known.join(', ') || '(none yet)'}`),
      );
      return { ...plan, price: { monthly: 0, annual: 0 } };
    }),
  }));
}
