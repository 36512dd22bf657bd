// The takedown notice form (a form whose submit.payload is "notice"): which fields it must have,
// the statements' words it shows, the checks beyond its field rules, and the NoticeRequest the
// server stores. The browser (as the visitor types, and before sending) and the server (for the
// JSON API and a form posted without script) run the same functions, so no node: imports here.
import type { Form, NoticeTemplate } from '../generated/content';
import type { SubmissionRules } from '../forms/payload';
import type { NoticeRequest } from './notice-text';
import { readAddressList, type AddressList } from './urls';

/** The field that takes the infringing addresses, pasted as a list or one per line. */
export const ADDRESS_FIELD = 'urls';

/** The checkboxes whose words come from site/data/notice-template.yaml (`checkboxes`), by field. */
export const STATEMENT_FIELDS = { goodFaith: 'goodFaith', accuracy: 'accuracy', lumenConsent: 'lumen' } as const;
export type StatementField = keyof typeof STATEMENT_FIELDS;

/** The capacities the signer chooses from, as NoticeRequest names them. */
export const CAPACITIES = ['owner', 'authorised'] as const;

/**
 * The fields a notice form declares, by the element of 17 U.S.C. §512(c)(3)(A) they hold, and
 * whether a visitor must fill them in. Their names are the notice template's placeholders.
 */
export const NOTICE_FIELDS: Record<string, { type: 'string' | 'boolean'; required: boolean }> = {
  fullName: { type: 'string', required: true },
  capacity: { type: 'string', required: true },
  authority: { type: 'string', required: false },
  workDescription: { type: 'string', required: true },
  workKind: { type: 'string', required: true },
  authorisedCopy: { type: 'string', required: true },
  registration: { type: 'string', required: false },
  [ADDRESS_FIELD]: { type: 'string', required: true },
  requesterName: { type: 'string', required: true },
  postalAddress: { type: 'string', required: true },
  telephone: { type: 'string', required: true },
  email: { type: 'string', required: true },
  goodFaith: { type: 'boolean', required: true },
  accuracy: { type: 'boolean', required: true },
  lumenConsent: { type: 'boolean', required: false },
};

type Values = Record<string, unknown>;
type FieldSchema = { type?: unknown; title?: unknown; oneOf?: Array<{ const?: unknown; title?: string }>; enum?: unknown[] };

export const isNoticeForm = (form: Pick<SubmissionRules, 'submit'>): boolean => form.submit.payload === 'notice';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * A notice form with its checkboxes labelled by the template's words: the words a visitor reads
 * beside each box, which the server stores with the notice as shown. Other forms are returned as they are.
 */
export function withStatementWords<F extends Pick<Form, 'submit' | 'fields'>>(form: F, template: NoticeTemplate | null): F {
  if (!isNoticeForm(form) || !template) return form;
  const properties = { ...(form.fields.properties as Record<string, FieldSchema>) };
  for (const [field, key] of Object.entries(STATEMENT_FIELDS))
    if (properties[field]) properties[field] = { ...properties[field], title: template.checkboxes[key] };
  return { ...form, fields: { ...form.fields, properties } };
}

/** What a notice form must declare beyond any form's rules, at the path a writer fixes. */
export function noticeFormIssues(
  form: Pick<SubmissionRules, 'submit' | 'fields'>,
): Array<{ path: Array<string | number>; message: string }> {
  if (!isNoticeForm(form)) return [];
  const properties = (form.fields.properties ?? {}) as Record<string, FieldSchema>;
  const required = new Set(((form.fields as { required?: unknown }).required as string[] | undefined) ?? []);
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  for (const [name, rule] of Object.entries(NOTICE_FIELDS)) {
    const field = properties[name];
    if (!field) {
      issues.push({ path: ['fields', 'properties'], message: `a notice form needs the field "${name}" (type: ${rule.type})` });
      continue;
    }
    if (field.type !== rule.type)
      issues.push({ path: ['fields', 'properties', name], message: `"${name}" holds a part of the notice: its type must be ${rule.type}` });
    if (rule.required !== required.has(name))
      issues.push({
        path: ['fields', 'required'],
        message: rule.required
          ? `"${name}" is part of every notice: list it in required`
          : `"${name}" is optional in a notice: leave it out of required`,
      });
  }
  for (const field of ['goodFaith', 'accuracy'])
    if (properties[field] && JSON.stringify(properties[field].enum) !== '[true]')
      issues.push({ path: ['fields', 'properties', field], message: `"${field}" must be ticked to send: give it enum: [true]` });
  for (const field of Object.keys(STATEMENT_FIELDS))
    if (properties[field]?.title !== undefined)
      issues.push({
        path: ['fields', 'properties', field, 'title'],
        message: `the words beside "${field}" are those of site/data/notice-template.yaml (checkboxes): leave title out here`,
      });
  const capacities = properties.capacity?.oneOf?.map((o) => o.const);
  if (properties.capacity && JSON.stringify(capacities) !== JSON.stringify(CAPACITIES))
    issues.push({
      path: ['fields', 'properties', 'capacity'],
      message: `the capacity's choices are ${CAPACITIES.join(' and ')}, in this order (oneOf)`,
    });
  return issues;
}

/** The addresses as typed, read as the notice will list them: the requester's own copy is refused. */
export function addressesOf(values: Values): AddressList {
  const own = text(values.authorisedCopy);
  return readAddressList(typeof values[ADDRESS_FIELD] === 'string' ? (values[ADDRESS_FIELD] as string) : '', {
    ownCopies: own ? [own] : [],
  });
}

/** The field's message for a list with refused lines: the first one's own sentence, and how many more there are. */
export function refusedLinesMessage(list: AddressList): string | null {
  const refused = list.entries.filter((e) => e.status === 'refused');
  if (refused.length === 0) return null;
  const more = refused.length - 1;
  return more === 0
    ? refused[0]!.message
    : `${refused[0]!.message} ${more.toLocaleString('en-US')} more ${more === 1 ? 'line is' : 'lines are'} marked below.`;
}

/**
 * The checks a notice needs beyond its fields' own rules, field → message: every address line
 * readable and allowed (at most 1,000 addresses, none the requester's own copy), and an authority
 * for a signer who acts for the owner.
 */
export function noticeProblems(form: SubmissionRules, values: Values): Record<string, string> {
  if (!isNoticeForm(form)) return {};
  const problems: Record<string, string> = {};
  if (text(values[ADDRESS_FIELD]) !== '') {
    const message = refusedLinesMessage(addressesOf(values));
    if (message) problems[ADDRESS_FIELD] = message;
  }
  if (values.capacity === 'authorised' && text(values.authority) === '') {
    const own = (form.messages as Record<string, Record<string, string> | undefined>).authority?.required;
    problems.authority = own ?? 'Please say on whose behalf you act for the owner';
  }
  return problems;
}

/** The title the form shows for a choice, else the value. */
function choiceTitle(form: SubmissionRules, field: string, value: string): string {
  const schema = (form.fields.properties as Record<string, FieldSchema>)[field];
  return schema?.oneOf?.find((o) => o.const === value)?.title ?? value;
}

/** What the store keeps for a notice: the NoticeRequest, and the name and address every lead has. */
export type StoredNotice = NoticeRequest & { name: string; email: string };

/**
 * The notice a checked submission makes: the addresses grouped by host, the statements in the
 * words the form showed beside the ticked boxes, signed on `date` (YYYY-MM-DD). Call it only for
 * values that passed the form's rules and noticeProblems.
 */
export function noticeRequestOf(form: SubmissionRules, values: Values, date: string): StoredNotice {
  const properties = form.fields.properties as Record<string, FieldSchema>;
  const words = (field: StatementField) => (typeof properties[field]?.title === 'string' ? (properties[field].title as string) : '');
  const optional = (field: string) => (text(values[field]) === '' ? {} : { [field]: text(values[field]) });
  const capacity = values.capacity === 'owner' ? 'owner' : 'authorised';
  const requester = {
    name: text(values.requesterName),
    postalAddress: text(values.postalAddress),
    telephone: text(values.telephone),
    email: text(values.email),
  };
  return {
    signature: { fullName: text(values.fullName), date, capacity, ...(capacity === 'authorised' ? optional('authority') : {}) },
    work: {
      description: text(values.workDescription),
      kind: choiceTitle(form, 'workKind', text(values.workKind)),
      authorisedCopy: text(values.authorisedCopy),
      ...optional('registration'),
    },
    requester,
    statements: { goodFaith: words('goodFaith'), accuracy: words('accuracy') },
    lumenConsent: values.lumenConsent === true,
    groups: addressesOf(values).groups,
    name: requester.name,
    email: requester.email,
  };
}
