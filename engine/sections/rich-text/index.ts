import schema from '../../../schemas/sections/rich-text.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { RichText } from './RichText';

export default defineSection({ type: 'rich-text', schema, component: RichText });
