import schema from '../../../schemas/sections/steps.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Steps } from './Steps';

export default defineSection({ type: 'steps', schema, component: Steps });
