// The inbox's CSV of leads: the lead's facts, then one column per form field under the label the
// visitor saw, its notes, and every time twice: in the team's zone for people, ISO 8601 for tools.
import { formatTeamTime } from '../../engine/content/reply-promise';
import { SOURCE_COLUMNS, sourceCells } from '../leads/lead-source';
import { isNoticeForm } from '../../engine/notices/notice-form';
import { leadFields } from '../notify/messages';
import { noticeFieldLabels } from '../notify/notice-fields';
import type { InboxLead, StoredNote } from '../store/inbox-types';
import { leadSummary, type FormsById } from './inbox-view';

/** The columns of one export: fixed ones, then the fields of the forms it may hold, by label. */
export interface CsvLayout {
  header: string[];
  /** The field labels, in column order; a label several forms share is one column. */
  fieldLabels: string[];
}

/** A moment in the team's zone ("Tue 24 Nov 2026, 03:15 PST"), or empty. */
const local = (iso: string | null, timeZone: string) => (iso ? formatTeamTime(new Date(iso), timeZone) : '');

/** The fields of these forms in the order each shows them, one column per label the visitor saw. */
export function csvLayout(forms: FormsById, formIds: readonly string[], timeZone: string): CsvLayout {
  const fieldLabels: string[] = [];
  for (const id of formIds) {
    const form = forms[id];
    if (!form) continue;
    // A lead holding every field of the form gives its labels in the form's order; a notice form's
    // leads are their request's elements (server/notify/notice-fields.ts).
    const everyField = Object.fromEntries(Object.keys(form.fields.properties ?? {}).map((k) => [k, '']));
    const labels = isNoticeForm(form)
      ? noticeFieldLabels(form)
      : leadFields({ payload: everyField } as InboxLead, form).map((f) => f.label);
    for (const label of labels) if (!fieldLabels.includes(label)) fieldLabels.push(label);
  }
  const zone = `(${timeZone})`;
  const header = [
    'id',
    `received ${zone}`,
    'receivedAt',
    'form',
    'status',
    'spam',
    'owner',
    'name',
    'email',
    `reply due ${zone}`,
    'replyDueAt',
    `first answered ${zone}`,
    'firstAnsweredAt',
    `erased ${zone}`,
    'erasedAt',
    'erasedBy',
    ...fieldLabels,
    // Fields no form of the export names (a lead kept from an older form), as "label: value" lines.
    'other fields',
    'notes',
    ...SOURCE_COLUMNS,
  ];
  return { header, fieldLabels };
}

/** One lead's cells under the layout's header; an erased lead keeps only its facts. */
export function csvCells(lead: InboxLead, notes: readonly StoredNote[], forms: FormsById, layout: CsvLayout, timeZone: string): string[] {
  const s = leadSummary(lead, forms);
  const form = lead.formId ? forms[lead.formId] : undefined;
  const byLabel = new Map<string, string>();
  const other: string[] = [];
  if (!lead.erasedAt)
    for (const field of leadFields(lead, form)) {
      if (layout.fieldLabels.includes(field.label)) byLabel.set(field.label, field.value);
      else other.push(`${field.label}: ${field.value}`);
    }
  const noteText = lead.erasedAt ? [] : notes.map((n) => `${local(n.createdAt, timeZone)} ${n.author}: ${n.body}`);
  return [
    s.id,
    local(lead.createdAt, timeZone),
    lead.createdAt,
    s.formTitle,
    s.status,
    String(s.spam),
    lead.assignee ?? '',
    s.name ?? '',
    s.email ?? '',
    local(lead.dueAt, timeZone),
    lead.dueAt ?? '',
    local(lead.firstAnsweredAt, timeZone),
    lead.firstAnsweredAt ?? '',
    local(lead.erasedAt, timeZone),
    lead.erasedAt ?? '',
    lead.erasedBy ?? '',
    ...layout.fieldLabels.map((label) => byLabel.get(label) ?? ''),
    other.join('\n'),
    noteText.join('\n\n'),
    ...sourceCells(lead.source),
  ];
}
