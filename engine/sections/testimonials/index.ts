import schema from '../../../schemas/sections/testimonials.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Testimonials } from './Testimonials';

export default defineSection({ type: 'testimonials', schema, component: Testimonials });
