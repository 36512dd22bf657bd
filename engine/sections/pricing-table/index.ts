import schema from '../../../schemas/sections/pricing-table.schema.json' with { type: 'json' };
import { island } from '../../render/island';
import { defineSection } from '../section-entry';
import PricingTable from './PricingTable.island';
import { BILLING_PARAM } from './pricing';
import { planPrices } from './resolve';

export default defineSection({
  type: 'pricing-table',
  schema,
  component: island('PricingTable', PricingTable, { on: 'interaction', params: [BILLING_PARAM] }),
  // Amounts come from the price catalogue (site/data/pricing.yaml), never typed on the page.
  unsearched: ['currency'],
  resolve: (section, { shared, report }) => ({ currency: shared.facts.currency, groups: planPrices(section, shared.facts, report) }),
});
