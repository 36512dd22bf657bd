import schema from '../../../schemas/sections/link-list.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { LinkList } from './LinkList';

export default defineSection({ type: 'link-list', schema, component: LinkList });
