/** "$1,225" or "$9.99": thousands separated, cents only when there are any. */
export function formatAmount(amount: number, currency: string): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return currency + amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents });
}
