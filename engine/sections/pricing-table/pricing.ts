import type { ResolvedPricingPlan } from './resolved';
import { formatAmount } from '../../content/format-amount';
import { queryWith, type QueryCodec } from '../../ui/use-query-state';

/** The two billing periods of a pricing table (spec 001 §4 "Pricing"). */
export type BillingPeriod = 'monthly' | 'annual';

/** The address query that keeps the chosen period, e.g. /pricing?billing=annual. */
export const BILLING_PARAM = 'billing';

/** ?billing=: anything but billing=annual is the default, monthly, which leaves no trace in the address. */
export const BILLING_QUERY: QueryCodec<BillingPeriod> = {
  read: (params) => (params.get(BILLING_PARAM) === 'annual' ? 'annual' : 'monthly'),
  write: (params, period) => (period === 'annual' ? params.set(BILLING_PARAM, 'annual') : params.delete(BILLING_PARAM)),
};

/** The period a query string asks for. */
export function billingFromQuery(search: string): BillingPeriod {
  return BILLING_QUERY.read(new URLSearchParams(search));
}

/** The query string for a period, e.g. `?utm_source=mail&billing=annual`. */
export function queryWithBilling(search: string, period: BillingPeriod): string {
  return queryWith(search, BILLING_QUERY, period);
}

export { formatAmount } from '../../content/format-amount';

/** What a year of annual billing saves (spec 001 §9): 12 × (monthly − annual), never below zero. */
export function annualSaving(price: ResolvedPricingPlan['price']): number {
  return Math.max(0, Math.round(12 * (price.monthly - price.annual) * 100) / 100);
}

export const DEFAULT_SAVING_TEXT = 'Save {amount} a year';

/** The saving line of an annual price, e.g. "Save $360 a year"; null when there is nothing to show. */
export function savingLine(plan: ResolvedPricingPlan, currency: string, template = DEFAULT_SAVING_TEXT): string | null {
  const saving = annualSaving(plan.price);
  if (plan.showSaving === false || saving === 0) return null;
  return template.replace('{amount}', formatAmount(saving, currency));
}
