import schema from '../../../schemas/sections/badge-builder.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { BadgeBuilder, BadgeBuilderIsland } from './BadgeBuilder';

export default defineSection({
  type: 'badge-builder',
  schema,
  component: BadgeBuilder,
  // The customiser offers the badges of site/data/badges.yaml, so the page never repeats them.
  resolve: (_section, { shared }) => (shared.badges ? { badges: shared.badges } : {}),
  island: BadgeBuilderIsland,
  unsearched: ['badges'],
});
