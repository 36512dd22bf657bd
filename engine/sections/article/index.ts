import schema from '../../../schemas/sections/article.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Article } from './Article';

// An article's words are indexed as the article itself, part by part.
export default defineSection({ type: 'article', schema, component: Article, unsearched: ['article', 'previous', 'next'] });
