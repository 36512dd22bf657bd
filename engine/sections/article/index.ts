import schema from '../../../schemas/sections/article.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Article } from './Article';

export default defineSection({ type: 'article', schema, component: Article });
