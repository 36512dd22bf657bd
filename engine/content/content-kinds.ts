import type {
  APIPayload,
  Article,
  Badges,
  FAQSet,
  Form,
  KnownLinks,
  NoticeRecipients,
  NoticeTemplate,
  Notifications,
  Page,
  PriceCatalogue,
  SavedReplies,
  Site,
  SpamWords,
} from '../generated/content';

/** The type of a file's data once its kind's schema accepted it. */
export interface ContentOf {
  site: Site;
  links: KnownLinks;
  'not-found': Page;
  page: Page;
  'faq-set': FAQSet;
  form: Form;
  'api-payload': APIPayload;
  badges: Badges;
  pricing: PriceCatalogue;
  notifications: Notifications;
  replies: SavedReplies;
  'spam-words': SpamWords;
  'notice-recipients': NoticeRecipients;
  'notice-template': NoticeTemplate;
  article: Article;
}

export type KindName = keyof ContentOf;

/** Which schema checks which content file (YAML, or a Markdown article's front matter), by where the file sits under site/. First match wins. */
export interface ContentKind {
  kind: KindName;
  schema: string;
  matches: (path: string) => boolean;
  /** Said when a YAML file matches no kind. */
  where: string;
}

export const CONTENT_KINDS: readonly ContentKind[] = [
  { kind: 'site', schema: 'site.schema.json', matches: (p) => p === 'site/site.yaml', where: 'site/site.yaml' },
  { kind: 'links', schema: 'links.schema.json', matches: (p) => p === 'site/links.yaml', where: 'site/links.yaml' },
  { kind: 'not-found', schema: 'page.schema.json', matches: (p) => p === 'site/not-found.yaml', where: 'site/not-found.yaml' },
  { kind: 'page', schema: 'page.schema.json', matches: (p) => /^site\/pages\/.+\.yaml$/.test(p), where: 'site/pages/*.yaml' },
  { kind: 'faq-set', schema: 'faq-set.schema.json', matches: (p) => /^site\/faq\/[^/]+\.yaml$/.test(p), where: 'site/faq/*.yaml' },
  { kind: 'badges', schema: 'badges.schema.json', matches: (p) => p === 'site/data/badges.yaml', where: 'site/data/badges.yaml' },
  {
    kind: 'spam-words',
    schema: 'spam-words.schema.json',
    matches: (p) => p === 'site/data/spam-words.yaml',
    where: 'site/data/spam-words.yaml',
  },
  {
    kind: 'notice-recipients',
    schema: 'notice-recipients.schema.json',
    matches: (p) => p === 'site/data/notice-recipients.yaml',
    where: 'site/data/notice-recipients.yaml',
  },
  {
    kind: 'notice-template',
    schema: 'notice-template.schema.json',
    matches: (p) => p === 'site/data/notice-template.yaml',
    where: 'site/data/notice-template.yaml',
  },
  {
    kind: 'pricing',
    schema: 'pricing.schema.json',
    matches: (p) => p === 'site/data/pricing.yaml',
    where: 'site/data/pricing.yaml',
  },
  { kind: 'form', schema: 'form.schema.json', matches: (p) => /^site\/forms\/[^/]+\.yaml$/.test(p), where: 'site/forms/*.yaml' },
  {
    kind: 'api-payload',
    schema: 'api-payload.schema.json',
    matches: (p) => /^site\/forms\/api\/[^/]+\.yaml$/.test(p),
    where: 'site/forms/api/*.yaml',
  },
  {
    kind: 'notifications',
    schema: 'notifications.schema.json',
    matches: (p) => p === 'site/notifications.yaml',
    where: 'site/notifications.yaml',
  },
  { kind: 'replies', schema: 'replies.schema.json', matches: (p) => p === 'site/replies.yaml', where: 'site/replies.yaml' },
  { kind: 'article', schema: 'article.schema.json', matches: (p) => /^site\/blog\/[^/]+\.md$/.test(p), where: 'site/blog/*.md' },
];

export function kindOf(path: string): ContentKind | undefined {
  return CONTENT_KINDS.find((k) => k.matches(path));
}

/** The folder a kind's files sit in, for messages: `site/faq/*.yaml` → `site/faq/`, `site/blog/*.md` → `site/blog/`. */
export function folderOf(kind: KindName): string {
  const where = CONTENT_KINDS.find((k) => k.kind === kind)?.where ?? '';
  return where.replace(/\*\.(yaml|md)$/, '');
}
