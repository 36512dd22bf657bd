import schema from '../../../schemas/sections/tag-list.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { TagList } from './TagList';

export default defineSection({ type: 'tag-list', schema, component: TagList });
