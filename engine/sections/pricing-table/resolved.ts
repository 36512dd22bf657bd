// The section as its component receives it: what the loader adds to the section written in a page.
import type { PlanGroup, PricingPlan, PricingTableSection } from '../../generated/content';

/** A pricing plan with the amounts of the catalogue group its `price` names. */
export type ResolvedPricingPlan = Omit<PricingPlan, 'price'> & { price: { monthly: number; annual: number } };

export type ResolvedPlanGroup = Omit<PlanGroup, 'plans'> & { plans: ResolvedPricingPlan[] };

/** A pricing table with its plans' amounts and the catalogue's currency. */
export type ResolvedPricingTableSection = Omit<PricingTableSection, 'groups'> & { groups: ResolvedPlanGroup[]; currency: string };
