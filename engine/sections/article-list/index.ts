import schema from '../../../schemas/sections/article-list.schema.json' with { type: 'json' };
import { island } from '../../render/island';
import { defineSection } from '../section-entry';
import ArticleList from './ArticleList.island';
import { ARTICLE_PARAMS } from './article-filter';

export default defineSection({
  type: 'article-list',
  schema,
  component: island('ArticleList', ArticleList, { on: 'interaction', params: ARTICLE_PARAMS }),
  // The list shows the articles of site/blog/, in the order the site lists them.
  resolve: (_section, { shared }) => ({ articles: shared.articles }),
  // The articles are indexed on their own.
  unsearched: ['articles', 'blogPath', 'category'],
});
