import schema from '../../../schemas/sections/external-links.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { ExternalLinks } from './ExternalLinks';

export default defineSection({ type: 'external-links', schema, component: ExternalLinks });
