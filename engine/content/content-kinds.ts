/** Which schema checks which YAML file, by where the file sits under site/. First match wins. */
export interface ContentKind {
  kind: 'site' | 'links' | 'not-found' | 'page' | 'faq-set' | 'form' | 'badges';
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
  { kind: 'form', schema: 'form.schema.json', matches: (p) => /^site\/forms\/[^/]+\.yaml$/.test(p), where: 'site/forms/*.yaml' },
];

export function kindOf(path: string): ContentKind | undefined {
  return CONTENT_KINDS.find((k) => k.matches(path));
}
