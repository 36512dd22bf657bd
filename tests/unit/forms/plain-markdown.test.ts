// The browser build replaces rjsf's Markdown renderer with plain text (engine/forms/plain-markdown.tsx,
// vite.config.ts), which is only right while no form asks for Markdown.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model, problems } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error(problems.map((p) => p.message).join('\n'));

/** The ui:options keys that make rjsf render Markdown, wherever they are in a form's ui. */
function markdownOptions(value: unknown, path = 'ui'): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
    /^(ui:)?enableMarkdownIn/.test(key) ? [`${path}.${key}`] : markdownOptions(v, `${path}.${key}`),
  );
}

describe('forms and the plain-text Markdown stand-in', () => {
  it.each(Object.values(model.forms).map((f) => [f.id, f] as const))(
    'the %s form turns on no Markdown in descriptions or help',
    (_, form) => {
      expect(markdownOptions(form.ui)).toEqual([]);
    },
  );
});
