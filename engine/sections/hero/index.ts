import schema from '../../../schemas/sections/hero.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Hero } from './Hero';

export default defineSection({ type: 'hero', schema, component: Hero });
