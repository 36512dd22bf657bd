// One formatter each for whole and cent amounts: toLocaleString builds a new one on every call, and the site formats thousands.
const WHOLE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,225" or "$9.99": thousands separated, cents only when there are any. */
export function formatAmount(amount: number, currency: string): string {
  return currency + (Number.isInteger(amount) ? WHOLE : CENTS).format(amount);
}
