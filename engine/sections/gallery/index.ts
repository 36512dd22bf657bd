import schema from '../../../schemas/sections/gallery.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Gallery } from './Gallery';

export default defineSection({ type: 'gallery', schema, component: Gallery });
