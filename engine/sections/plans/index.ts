import schema from '../../../schemas/sections/plans.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Plans } from './Plans';

export default defineSection({ type: 'plans', schema, component: Plans });
