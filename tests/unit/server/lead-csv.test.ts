// The inbox's CSV: a column per form field under the label the visitor saw, the notes, and each
// time in the team's zone beside its ISO value; visitor text stays text.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { csvCells, csvLayout } from '../../../server/admin/lead-csv';
import { formsById } from '../../../server/admin/inbox-view';
import { csvRow } from '../../../server/leads/csv';
import type { InboxLead, StoredNote } from '../../../server/store/inbox-types';

const { model } = loadSite(readSiteFiles(), readSchemas());
const forms = formsById(model!.forms);
const contact = model!.forms.contact!;
const takedown = model!.forms['commercial-takedown']!;
const ZONE = 'America/Los_Angeles';

function lead(formId: string, payload: Record<string, unknown>, extra: Partial<InboxLead> = {}): InboxLead {
  return {
    id: '3f0e4c1a-0000-4000-8000-000000000001',
    createdAt: '2026-11-24T13:37:58.000Z',
    endpoint: '/api/contact',
    formType: formId,
    formId,
    payload,
    idempotencyKey: null,
    userAgent: null,
    spam: false,
    source: null,
    status: 'new',
    erasedAt: null,
    erasedBy: null,
    dueAt: '2026-11-24T15:37:58.000Z',
    firstAnsweredAt: null,
    assignee: null,
    ...extra,
  } as InboxLead;
}

/** The form's field titles, in the order the form shows them. */
function titlesOf(form: typeof contact): string[] {
  const properties = form.fields.properties as Record<string, { title?: string }>;
  const order = ((form.ui as Record<string, unknown> | undefined)?.['ui:order'] as string[] | undefined) ?? Object.keys(properties);
  return order.filter((k) => properties[k]?.title).map((k) => properties[k]!.title!);
}

describe('the inbox CSV', () => {
  it('has one column per field of the form, labelled as the form labels it, in the form’s order', () => {
    const layout = csvLayout(forms, ['contact'], ZONE);
    expect(layout.fieldLabels).toEqual(titlesOf(contact));
    for (const title of titlesOf(contact)) expect(layout.header.filter((h) => h === title)).toHaveLength(1);
    expect(layout.header).not.toContain('payload');
  });

  it('shares one column between forms for a label both show, and keeps each form’s own fields apart', () => {
    const layout = csvLayout(forms, ['commercial-takedown', 'contact'], ZONE);
    const both = titlesOf(contact).filter((t) => titlesOf(takedown).includes(t));
    expect(both.length).toBeGreaterThan(0);
    for (const title of new Set([...titlesOf(contact), ...titlesOf(takedown)]))
      expect(layout.header.filter((h) => h === title)).toHaveLength(1);
  });

  it('puts each answer under its label, choices as the visitor read them, and the notes in one cell', () => {
    const layout = csvLayout(forms, ['contact'], ZONE);
    const notes: StoredNote[] = [
      { id: '1', leadId: 'x', author: 'ann@example.com', body: 'Called back.', createdAt: '2026-11-24T14:00:00.000Z' },
      { id: '2', leadId: 'x', author: 'bo@example.com', body: 'Sent the notice.', createdAt: '2026-11-24T16:30:00.000Z' },
    ];
    const row = csvCells(
      lead('contact', { name: 'Ada Tester', email: 'ada@example.org', urgency: 'urgent', message: 'Hi' }),
      notes,
      forms,
      layout,
      ZONE,
    );
    const byHeader = Object.fromEntries(layout.header.map((h, i) => [h, row[i]]));
    const properties = contact.fields.properties as Record<string, { title: string; oneOf?: Array<{ const: string; title: string }> }>;
    expect(byHeader[properties.name!.title]).toBe('Ada Tester');
    expect(byHeader[properties.urgency!.title]).toBe(properties.urgency!.oneOf!.find((o) => o.const === 'urgent')!.title);
    expect(byHeader[properties.message!.title]).toBe('Hi');
    expect(byHeader.notes).toBe(
      'Tue 24 Nov 2026, 06:00 PST ann@example.com: Called back.\n\nTue 24 Nov 2026, 08:30 PST bo@example.com: Sent the notice.',
    );
    expect(row).toHaveLength(layout.header.length);
  });

  it('gives every time in the team’s zone, named, with its ISO value in the next column', () => {
    const layout = csvLayout(forms, ['contact'], ZONE);
    const row = csvCells(lead('contact', { name: 'Ada' }), [], forms, layout, ZONE);
    const at = (h: string) => row[layout.header.indexOf(h)];
    expect(layout.header.indexOf('receivedAt')).toBe(layout.header.indexOf(`received (${ZONE})`) + 1);
    expect(layout.header.indexOf('replyDueAt')).toBe(layout.header.indexOf(`reply due (${ZONE})`) + 1);
    expect(at(`received (${ZONE})`)).toBe('Tue 24 Nov 2026, 05:37 PST');
    expect(at('receivedAt')).toBe('2026-11-24T13:37:58.000Z');
    expect(at(`reply due (${ZONE})`)).toBe('Tue 24 Nov 2026, 07:37 PST');
    expect(at(`first answered (${ZONE})`)).toBe('');
  });

  it('keeps fields no form of the export names in one cell, and an erased lead’s fields and notes out', () => {
    const layout = csvLayout(forms, ['contact'], ZONE);
    const row = csvCells(lead('contact', { name: 'Ada', legacyField: 'old value' }), [], forms, layout, ZONE);
    expect(row[layout.header.indexOf('other fields')]).toBe('legacyField: old value');
    const erased = csvCells(
      lead('contact', {}, { erasedAt: '2026-11-25T10:00:00.000Z', erasedBy: 'ann@example.com' }),
      [{ id: '1', leadId: 'x', author: 'ann@example.com', body: 'secret', createdAt: '2026-11-24T14:00:00.000Z' }],
      forms,
      layout,
      ZONE,
    );
    expect(erased[layout.header.indexOf('notes')]).toBe('');
    expect(erased[layout.header.indexOf('erasedBy')]).toBe('ann@example.com');
  });

  it('writes a visitor’s formula as text, never as a formula', () => {
    const layout = csvLayout(forms, ['contact'], ZONE);
    const cells = csvCells(lead('contact', { name: '=HYPERLINK("http://evil.example","x")' }), [], forms, layout, ZONE);
    const line = csvRow(cells);
    expect(line).not.toMatch(/(^|,)"?=/);
  });
});
