import schema from '../../../schemas/sections/stats.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Stats } from './Stats';

export default defineSection({ type: 'stats', schema, component: Stats });
