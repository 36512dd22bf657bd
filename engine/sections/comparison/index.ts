import schema from '../../../schemas/sections/comparison.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Comparison } from './Comparison';

export default defineSection({ type: 'comparison', schema, component: Comparison });
