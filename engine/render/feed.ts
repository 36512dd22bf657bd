import type { SiteModel } from '../content/model';
import { escapeMarkup } from './escape-markup';

/** The type the feed is served with, so feed readers and browsers know it for an Atom feed. */
export const FEED_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** A date of the front matter (2024-01-12) as Atom's timestamp: the start of that day, UTC. */
const atomDate = (date: string) => `${date}T00:00:00Z`;

/**
 * The blog's Atom feed (RFC 4287): every article, newest first, with its address as its id, its
 * excerpt as the summary and its rendered text as escaped HTML content. Null when no page lists
 * the articles.
 */
export function renderAtomFeed(model: SiteModel, siteUrl: string): string | null {
  const { feed, articles } = model;
  if (!feed) return null;
  const origin = siteUrl.replace(/\/$/, '');
  const blogPath = feed.path.replace(/\/[^/]+$/, '');
  // With no article yet, the feed is as new as the site's first day: a fixed, valid timestamp.
  const updated = articles[0] ? atomDate(articles[0].date) : '1970-01-01T00:00:00Z';
  const entries = articles.map((a) =>
    [
      '  <entry>',
      `    <title>${escapeMarkup(a.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeMarkup(origin + a.path)}"/>`,
      `    <id>${escapeMarkup(origin + a.path)}</id>`,
      `    <published>${atomDate(a.date)}</published>`,
      `    <updated>${atomDate(a.date)}</updated>`,
      `    <author><name>${escapeMarkup(a.author)}</name></author>`,
      `    <category term="${escapeMarkup(a.category)}"/>`,
      `    <summary>${escapeMarkup(a.excerpt)}</summary>`,
      `    <content type="html" xml:base="${escapeMarkup(origin + a.path)}">${escapeMarkup(a.html)}</content>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeMarkup(feed.title)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(origin + feed.path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeMarkup(origin + blogPath)}"/>`,
    `  <id>${escapeMarkup(origin + feed.path)}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
