// The rules each kind of file must keep within itself, which the schemas cannot say; loadSite's
// third phase runs them (engine/content/load-site.ts).
import type { Badges, ConsentNotice, NoticeRecipients, NoticeTemplate, Notifications, Page, SavedReplies } from '../generated/content';
import { CONSENT_LINK } from '../forms/consent-text';
import { NOTICE_PLACEHOLDER, NOTICE_PLACEHOLDERS, type NoticePlaceholder } from '../notices/notice-text';
import { closest } from './closest';
import type { Blamed, Collections } from './load-site';
import type { Problem } from './problem';
import { problemAt, type ParsedFile } from './yaml-source';

/** Rule ids are unique, and a rule's forms are forms or API payloads that exist. */
export function notificationRules(file: ParsedFile, notifications: Notifications, collections: Collections, blamed: Blamed): Problem[] {
  const problems = uniqueIds(file, notifications.rules, 'rules', 'rule id');
  // A form with problems of its own exists: naming it is right, and its problems are said at the form.
  const broken = [...(blamed.ids.get('form') ?? []), ...(blamed.ids.get('api-payload') ?? [])];
  if (blamed.unreadable.has('form') || blamed.unreadable.has('api-payload')) return problems;
  const known = [...collections.form.keys(), ...collections['api-payload'].keys()].sort();
  notifications.rules.forEach((rule, i) => {
    (rule.forms ?? []).forEach((id, j) => {
      if (known.includes(id) || broken.includes(id)) return;
      const guess = closest(id, [...known, ...broken]);
      problems.push(
        problemAt(
          file,
          ['rules', i, 'forms', j],
          `no form "${id}" in site/forms/.` + (guess ? ` Did you mean "${guess}"?` : ` Known forms: ${known.join(', ')}`),
        ),
      );
    });
  });
  return problems;
}

/** What a saved reply may fill in (server/admin/saved-replies.ts fills them). */
export const REPLY_PLACEHOLDERS = ['name', 'form', 'links', 'site'] as const;

/** Reply ids are unique, and every {{placeholder}} is one the inbox can fill. */
export function savedReplyRules(file: ParsedFile, replies: SavedReplies): Problem[] {
  const problems = uniqueIds(file, replies.replies, 'replies', 'reply id');
  const check = (text: string, path: Array<string | number>) => {
    for (const [, inside] of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
      const name = inside!.trim();
      if (!(REPLY_PLACEHOLDERS as readonly string[]).includes(name))
        problems.push(
          problemAt(
            file,
            path,
            `{{${name}}} is not something a reply can fill in; use ${REPLY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
          ),
        );
    }
  };
  check(replies.subject, ['subject']);
  replies.replies.forEach((reply, i) => {
    if (reply.subject) check(reply.subject, ['replies', i, 'subject']);
    check(reply.body, ['replies', i, 'body']);
  });
  return problems;
}

/** Ids that must be unique in one list of a file. */
export function uniqueIds(file: ParsedFile, list: ReadonlyArray<{ id: string }>, at: string, what: string): Problem[] {
  const problems: Problem[] = [];
  const first = new Map<string, number>();
  list.forEach((entry, i) => {
    const earlier = first.get(entry.id);
    if (earlier !== undefined)
      problems.push(problemAt(file, [at, i, 'id'], `the ${what} "${entry.id}" is already used by ${at}[${earlier}]`));
    else first.set(entry.id, i);
  });
  return problems;
}

/** Every page opens with exactly one hero: it carries the page's only h1. */
export function pageShape(file: ParsedFile, page: Page): Problem[] {
  const problems: Problem[] = [];
  const heroes = page.sections.flatMap((s, i) => (s.type === 'hero' ? [i] : []));
  if (heroes.length === 0 || heroes[0] !== 0) {
    problems.push(problemAt(file, ['sections', 0, 'type'], "the first section must be a hero: it holds the page's main heading (h1)"));
  }
  for (const extra of heroes.slice(1))
    problems.push(
      problemAt(file, ['sections', extra, 'type'], 'a page has one hero only (one main heading); use a cta or card-grid section here'),
    );
  const ids = new Map<string, number>();
  page.sections.forEach((s, i) => {
    if (!s.id) return;
    const first = ids.get(s.id);
    if (first !== undefined)
      problems.push(problemAt(file, ['sections', i, 'id'], `the anchor "${s.id}" is already used by sections[${first}] on this page`));
    else ids.set(s.id, i);
  });
  return problems;
}

/** A consent notice's text and its links name each other: a {name} with no link would show as typed. */
export function consentLinks(file: ParsedFile, consent: ConsentNotice): Problem[] {
  const named = [...consent.text.matchAll(CONSENT_LINK)].map((m) => m[1]);
  const links = Object.keys(consent.links);
  const problems = named
    .filter((name) => !links.includes(name))
    .map((name) =>
      problemAt(file, ['consent', 'text'], `{${name}} names no link: add ${name} under consent.links (known: ${links.join(', ')})`),
    );
  for (const name of links.filter((l) => !named.includes(l)))
    problems.push(
      problemAt(file, ['consent', 'links', name], `the link "${name}" is not in consent.text: write {${name}} where it goes`, 'key'),
    );
  return problems;
}

/** A badge list's ids are unique, and the defaults name entries that exist. */
export function badgeDefaults(file: ParsedFile, badges: Badges): Problem[] {
  const problems: Problem[] = [];
  for (const list of ['types', 'sizes', 'colors'] as const) {
    const seen = new Set<string>();
    badges[list].forEach((entry, i) => {
      if (seen.has(entry.id)) problems.push(problemAt(file, [list, i, 'id'], `the id "${entry.id}" is used twice in ${list}`));
      seen.add(entry.id);
    });
  }
  if (!badges.defaults) return problems;
  for (const [key, list] of [
    ['type', 'types'],
    ['size', 'sizes'],
    ['color', 'colors'],
  ] as const) {
    const ids = badges[list].map((e) => e.id);
    if (!ids.includes(badges.defaults[key]))
      problems.push(problemAt(file, ['defaults', key], `"${badges.defaults[key]}" is not one of the ${list}: ${ids.join(', ')}`));
  }
  return problems;
}

/** What each block of the notice template must name, so every notice holds every element of §512(c)(3)(A). */
const NOTICE_BLOCK_NEEDS: Record<string, readonly NoticePlaceholder[]> = {
  subject: ['host'],
  work: ['workDescription', 'workKind', 'authorisedCopy', 'registration'],
  material: ['urls'],
  contact: ['requesterName', 'postalAddress', 'telephone', 'email'],
  statements: ['goodFaith', 'accuracy'],
  signature: ['fullName', 'capacity', 'date'],
};

/** What a notice's subject may name: the host as the URL parser wrote it and the part's numbers, never a value the visitor typed. */
const SUBJECT_PLACEHOLDERS: readonly string[] = ['host', 'part', 'parts'];

/** The notice template names only placeholders a notice fills, every block names what its element needs, and the addresses have a line of their own. */
export function noticeTemplateRules(file: ParsedFile, template: NoticeTemplate): Problem[] {
  const problems: Problem[] = [];
  const blocks: Array<[Array<string | number>, string]> = [
    ...(['subject', 'partLabel', 'unknownRecipient', 'opening', 'work', 'material', 'contact', 'statements', 'signature'] as const).map(
      (key): [Array<string | number>, string] => [[key], template[key]],
    ),
    [['lumen', 'given'], template.lumen.given],
    [['lumen', 'withheld'], template.lumen.withheld],
    [['capacity', 'owner'], template.capacity.owner],
    [['capacity', 'authorised'], template.capacity.authorised],
  ];
  const known = NOTICE_PLACEHOLDERS as readonly string[];
  for (const [path, text] of blocks) {
    const named = [...text.matchAll(NOTICE_PLACEHOLDER)].map((m) => m[1]!);
    for (const name of named.filter((n) => !known.includes(n))) {
      const guess = closest(name, known);
      problems.push(
        problemAt(
          file,
          path,
          `{{${name}}} is not something a notice can fill in.` +
            (guess ? ` Did you mean {{${guess}}}?` : ` Use one of ${known.map((p) => `{{${p}}}`).join(', ')}`),
        ),
      );
    }
    for (const need of NOTICE_BLOCK_NEEDS[String(path[0])] ?? [])
      if (!named.includes(need)) problems.push(problemAt(file, path, `{{${need}}} is missing: every notice must hold it here`));
  }
  // The subject becomes an e-mail's Subject header when the inbox sends a notice: nothing the visitor typed may reach it.
  for (const key of ['subject', 'partLabel'] as const)
    for (const name of [...template[key].matchAll(NOTICE_PLACEHOLDER)].map((m) => m[1]!))
      if (known.includes(name) && !SUBJECT_PLACEHOLDERS.includes(name))
        problems.push(
          problemAt(
            file,
            [key],
            `{{${name}}} cannot be in the subject: it becomes an e-mail header, which holds only ${SUBJECT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
          ),
        );
  if (!template.material.split(/\r?\n/).some((line) => /^\s*\{\{\s*urls\s*\}\}\s*$/.test(line)))
    problems.push(problemAt(file, ['material'], '{{urls}} must be on a line of its own: it becomes one address per line'));
  for (const key of ['goodFaith', 'accuracy', 'lumen'] as const)
    if (/\{\{/.test(template.checkboxes[key]))
      problems.push(
        problemAt(file, ['checkboxes', key], 'the checkboxes are shown and stored as written: a {{placeholder}} here would show as typed'),
      );
  return problems;
}

/** Recipient ids are unique, each entry says how to reach it, and a host belongs to one entry. */
export function noticeRecipientRules(file: ParsedFile, directory: NoticeRecipients): Problem[] {
  const problems = uniqueIds(file, directory.recipients, 'recipients', 'recipient id');
  const owner = new Map<string, string>();
  directory.recipients.forEach((entry, i) => {
    if (!entry.email && !entry.webForm)
      problems.push(
        problemAt(
          file,
          ['recipients', i],
          `"${entry.id}" says neither where to write (email) nor which form to use (webForm): give at least one`,
        ),
      );
    entry.hosts.forEach((host, j) => {
      const earlier = owner.get(host);
      if (earlier !== undefined)
        problems.push(problemAt(file, ['recipients', i, 'hosts', j], `the host "${host}" is already taken by "${earlier}"`));
      else owner.set(host, entry.id);
    });
  });
  return problems;
}
