/**
 * How long the resilience tests run. `npm run test:resilience` runs the full length;
 * `RESILIENCE=short` (used by `npm test`) runs the same checks with fewer cycles and a shorter soak.
 */
export const SHORT = process.env.RESILIENCE === 'short';

export const MODE = SHORT ? 'short' : 'full';

export function byMode<T>(short: T, full: T): T {
  return SHORT ? short : full;
}
