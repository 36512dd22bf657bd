import schema from '../../../schemas/sections/cta.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { CallToAction } from './CallToAction';

export default defineSection({ type: 'cta', schema, component: CallToAction });
