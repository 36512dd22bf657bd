import type { PricingPlan } from '../generated/content';

/** The two billing periods of a pricing table (spec 001 §4 "Pricing"). */
export type BillingPeriod = 'monthly' | 'annual';

/** The address query that keeps the chosen period, e.g. /pricing?billing=annual. */
export const BILLING_PARAM = 'billing';

/** The period a query string asks for; anything but billing=annual is the default, monthly. */
export function billingFromQuery(search: string): BillingPeriod {
  return new URLSearchParams(search).get(BILLING_PARAM) === 'annual' ? 'annual' : 'monthly';
}

/** The query string for a period: monthly is the default, so it leaves no trace in the address. */
export function queryWithBilling(search: string, period: BillingPeriod): string {
  const params = new URLSearchParams(search);
  if (period === 'annual') params.set(BILLING_PARAM, 'annual');
  else params.delete(BILLING_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** "$1,200" or "$9.50": thousands separated, cents only when there are any. */
export function formatAmount(amount: number, currency: string): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return currency + amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents });
}

/** What a year of annual billing saves (spec 001 §9): 12 × (monthly − annual), never below zero. */
export function annualSaving(price: PricingPlan['price']): number {
  return Math.max(0, Math.round(12 * (price.monthly - price.annual) * 100) / 100);
}

export const DEFAULT_SAVING_TEXT = 'Save {amount} a year';

/** The saving line of an annual price, e.g. "Save $360 a year"; null when there is nothing to show. */
export function savingLine(plan: PricingPlan, currency: string, template = DEFAULT_SAVING_TEXT): string | null {
  const saving = annualSaving(plan.price);
  if (plan.showSaving === false || saving === 0) return null;
  return template.replace('{amount}', formatAmount(saving, currency));
}
