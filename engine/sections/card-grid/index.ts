import schema from '../../../schemas/sections/card-grid.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { CardGrid } from './CardGrid';

export default defineSection({ type: 'card-grid', schema, component: CardGrid });
