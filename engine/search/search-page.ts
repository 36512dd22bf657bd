import type { SiteModel } from '../content/model';

/** The path of the page that answers searches: the page with a search-results section, if any. */
export function searchPagePath(model: SiteModel): string | null {
  return model.pages.find((p) => p.sections.some((s) => s.type === 'search-results'))?.path ?? null;
}
