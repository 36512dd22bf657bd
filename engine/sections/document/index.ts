import schema from '../../../schemas/sections/document.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Document } from './Document';

export default defineSection({ type: 'document', schema, component: Document });
