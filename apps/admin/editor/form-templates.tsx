// The editor's own parts of an rjsf form: text fields whose kind (one line or a paragraph) comes from
// the schema, never from what is typed; a live count where the schema sets a length limit; lists
// whose items fold to a one-line summary and whose buttons say what they do; reference fields that
// offer the site's FAQ sets, forms, categories and price keys.
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  ErrorSchema,
  RJSFSchema,
  TemplatesType,
  WidgetProps,
} from '@rjsf/utils';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ReferenceLists, ReferenceOption } from '../../../contracts/editor-contract';
import { useInbox } from '../inbox-context';

/** What every field of one form may need: the choices of reference fields, and the kind of file. */
export interface EditorFormContext {
  references: ReferenceLists | null;
  fileKind: string;
}

/**
 * Field names that hold prose (an answer, an intro, a quote): a paragraph box. Every other text is
 * one line unless its schema allows more than LONG_TEXT characters. Decided by the field, never by
 * its value, so a field keeps its box (and focus) while it is typed into.
 */
const PROSE_FIELDS = new Set([
  'answer',
  'text',
  'intro',
  'subtitle',
  'description',
  'quote',
  'bio',
  'note',
  'excerpt',
  'paragraphs',
  'about',
  'codeHelp',
  'reason',
  'annualNote',
  'lines',
]);
const LONG_TEXT = 150;

/** The property a widget edits: rjsf names a list's item `list-3`. */
const fieldName = (name: string) => name.replace(/-\d+$/, '');

export function isProse(name: string, schema: RJSFSchema): boolean {
  if (schema.format || schema.pattern || schema.enum) return false;
  if (typeof schema.maxLength === 'number') return schema.maxLength > LONG_TEXT;
  return PROSE_FIELDS.has(fieldName(name));
}

/** The reference choices a field offers, when it names something elsewhere in the site. */
function referenceOptions(props: WidgetProps): ReferenceOption[] | null {
  const context = props.registry.formContext as EditorFormContext | undefined;
  const lists = context?.references;
  if (!lists) return null;
  const kind = (props.schema as { 'x-ref'?: { kind?: string } })['x-ref']?.kind;
  if (kind === 'faq-set') return lists.faqSets;
  if (kind === 'form') return lists.forms;
  const name = fieldName(props.name);
  if (context.fileKind === 'article' && name === 'category') return lists.categories;
  // A pricing table plan's `price` names a catalogue group (`commercial.basic`).
  if (name === 'price' && typeof props.schema.pattern === 'string' && props.schema.pattern.includes('\\.')) return lists.priceGroups;
  return null;
}

function CharacterCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length - limit;
  return (
    <p id={id} className={over > 0 ? 'editor-count editor-count--over' : 'editor-count'}>
      {over > 0 ? `${over} character${over === 1 ? '' : 's'} too many (${length} of ${limit})` : `${length} of ${limit} characters`}
    </p>
  );
}

/** Text: one line or a paragraph box by the field's kind, with a live count where the schema sets a limit, and choices for a reference. */
export function TextWidget(props: WidgetProps) {
  const { id, schema, value: raw, required, disabled, readonly, options, onChange, onBlur, onFocus, rawErrors, autofocus } = props;
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const limit = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const choices = referenceOptions(props);
  const described = [
    `${id}__description`,
    rawErrors?.length ? `${id}__error` : '',
    limit ? `${id}__count` : '',
    choices ? `${id}__choices-hint` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name: props.htmlName ?? id,
    className: 'form-control',
    value,
    required,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    'aria-describedby': described,
    'aria-invalid': rawErrors?.length ? true : undefined,
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, event.target.value),
    onFocus: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, event.target.value),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value === '' ? options.emptyValue : event.target.value),
  };
  const inputType = schema.type === 'number' || schema.type === 'integer' ? 'number' : schema.format === 'email' ? 'email' : 'text';
  return (
    <>
      {isProse(props.name, schema) ? (
        // Rows follow the text; only an attribute changes, so the box (and focus) stays.
        <textarea {...common} rows={Math.min(12, Math.max(3, Math.ceil(value.length / 70) + value.split('\n').length))} />
      ) : (
        <input {...common} type={inputType} list={choices ? `${id}__choices` : undefined} autoComplete={choices ? 'off' : undefined} />
      )}
      {choices && (
        <>
          <datalist id={`${id}__choices`}>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </datalist>
          <p id={`${id}__choices-hint`} className="editor-count">
            Type to search the {choices.length} choices, or pick one from the list.
          </p>
        </>
      )}
      {limit !== undefined && <CharacterCount id={`${id}__count`} length={value.length} limit={limit} />}
    </>
  );
}

/** A list item's summary: its question, name, title or first words; a text item is its own summary. */
export function itemSummary(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (!item || typeof item !== 'object') return '';
  const record = item as Record<string, unknown>;
  for (const key of ['question', 'name', 'title', 'label', 'heading', 'value', 'text', 'id'])
    if (typeof record[key] === 'string' && record[key]) return record[key];
  const first = Object.values(record).find((v) => typeof v === 'string' && v);
  return typeof first === 'string' ? first : '';
}

const NOUNS: Record<string, string> = {
  items: 'item',
  questions: 'question',
  plans: 'plan',
  cards: 'card',
  steps: 'step',
  members: 'member',
  categories: 'category',
  links: 'link',
  actions: 'button',
  highlights: 'highlight',
  features: 'feature',
  limitations: 'limitation',
  keywords: 'keyword',
  paragraphs: 'paragraph',
  parts: 'part',
  subsections: 'subsection',
  rows: 'row',
  columns: 'column',
  entries: 'entry',
  tags: 'tag',
  groups: 'group',
  rules: 'rule',
  fields: 'field',
  menus: 'menu',
};

/** What one item of a list is called: "question" for a list of questions, else the list's name made singular. */
export function itemNoun(listName: string, itemSchema: RJSFSchema | undefined): string {
  const properties = itemSchema && typeof itemSchema === 'object' ? (itemSchema.properties ?? {}) : {};
  if ('question' in properties) return 'question';
  return NOUNS[listName] ?? (listName.endsWith('s') ? listName.slice(0, -1) : 'item');
}

const withArticle = (noun: string) => `${/^[aeio]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** How many problems an item's error tree holds. */
function countErrors(tree: ErrorSchema | undefined): number {
  if (!tree || typeof tree !== 'object') return 0;
  let count = 0;
  for (const [key, value] of Object.entries(tree)) {
    if (key === '__errors') count += Array.isArray(value) ? value.length : 0;
    else count += countErrors(value as ErrorSchema);
  }
  return count;
}

interface ListContextValue {
  data: unknown[];
  noun: string;
  errors: ErrorSchema | undefined;
  addId: string;
  /** True once for the item an Add just made, which opens with focus in its first field. */
  claimFresh: (index: number) => boolean;
}
const ListContext = createContext<ListContextValue | null>(null);

/** A list: its title and description, its items, and a button that says what it adds. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, items, onAddClick, title, schema, formData, errorSchema, registry, uiSchema, required } =
    props;
  const path = fieldPathId.path;
  const listName = String([...path].reverse().find((part) => typeof part === 'string') ?? title ?? '');
  const itemSchema = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as RJSFSchema | undefined;
  const resolvedItem = itemSchema ? registry.schemaUtils.retrieveSchema(itemSchema) : undefined;
  const noun = itemNoun(listName, resolvedItem);
  const fresh = useRef<number | null>(null);
  const data = Array.isArray(formData) ? formData : [];
  const { ArrayFieldTitleTemplate, ArrayFieldDescriptionTemplate } = registry.templates;
  const addId = `${fieldPathId.$id}__add`;
  const claimFresh = (index: number) => {
    if (fresh.current !== index) return false;
    fresh.current = null;
    return true;
  };
  return (
    <fieldset className="editor-list" id={fieldPathId.$id}>
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <ListContext.Provider value={{ data, noun, errors: errorSchema, addId, claimFresh }}>
        <ol className="editor-list__items">{items}</ol>
      </ListContext.Provider>
      {canAdd && (
        <button
          type="button"
          id={addId}
          className="button button--secondary admin-button--small editor-list__add"
          disabled={disabled || readonly}
          onClick={(event) => {
            fresh.current = data.length;
            onAddClick(event);
          }}
        >
          Add {withArticle(noun)}
          {noun === 'item' && title ? <span className="visually-hidden"> to {title}</span> : null}
        </button>
      )}
    </fieldset>
  );
}

/** Opens every folded item that holds `element`, so a link to a field can reach it. */
export function revealField(element: Element): void {
  for (let node = element.parentElement; node; node = node.parentElement)
    if (node.hasAttribute('data-fold')) node.dispatchEvent(new CustomEvent('editor-reveal'));
}

/** One list item: a text item is its field and its buttons; an object item folds to a summary line that opens it. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, itemKey, hasToolbar } = props;
  const list = useContext(ListContext);
  const { announce } = useInbox();
  const item = list?.data[index];
  const folds = !!item && typeof item === 'object';
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const noun = list?.noun ?? 'item';
  const number = index + 1;
  const problems = countErrors(list?.errors?.[index] as ErrorSchema | undefined);

  useEffect(() => {
    if (!list?.claimFresh(index)) return;
    // A new item opens with focus in its first field.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an Add asked for this item
    setOpen(true);
    setFocusFirst(true);
    // Only when the item is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!focusFirst) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- done once the item is open
    setFocusFirst(false);
    (folds ? bodyRef.current : rootRef.current)?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [focusFirst, folds]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reveal = () => setOpen(true);
    root.addEventListener('editor-reveal', reveal);
    return () => root.removeEventListener('editor-reveal', reveal);
  }, []);

  /** After a move or removal the button may have gone, or be disabled at an end: focus goes where the writer can carry on. */
  const refocus = (target: string) =>
    requestAnimationFrame(() => {
      const element = document.getElementById(target) as HTMLButtonElement | null;
      if (element && !element.disabled) element.focus();
      else document.getElementById(`${baseId}-toggle`)?.focus();
    });

  const what = `${noun} ${number}`;
  const tools = hasToolbar && (
    <div className="editor-item__tools" role="group" aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} ${number}`}>
      {(buttonsProps.hasMoveUp || buttonsProps.hasMoveDown) && (
        <>
          <button
            type="button"
            id={`${baseId}-up`}
            className="button button--secondary admin-button--small"
            disabled={buttonsProps.disabled || buttonsProps.readonly || !buttonsProps.hasMoveUp}
            onClick={(event) => {
              buttonsProps.onMoveUpItem(event);
              announce(`Moved ${what} to position ${number - 1}.`);
              refocus(number - 1 === 1 ? `${baseId}-down` : `${baseId}-up`);
            }}
          >
            Move up<span className="visually-hidden"> {what}</span>
          </button>
          <button
            type="button"
            id={`${baseId}-down`}
            className="button button--secondary admin-button--small"
            disabled={buttonsProps.disabled || buttonsProps.readonly || !buttonsProps.hasMoveDown}
            onClick={(event) => {
              buttonsProps.onMoveDownItem(event);
              announce(`Moved ${what} to position ${number + 1}.`);
              refocus(number + 1 === buttonsProps.totalItems ? `${baseId}-up` : `${baseId}-down`);
            }}
          >
            Move down<span className="visually-hidden"> {what}</span>
          </button>
        </>
      )}
      {buttonsProps.hasRemove && (
        <button
          type="button"
          className="button button--secondary admin-button--small"
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          onClick={(event) => {
            const addId = list?.addId;
            buttonsProps.onRemoveItem(event);
            announce(`Removed ${what}.`);
            if (addId) requestAnimationFrame(() => document.getElementById(addId)?.focus());
          }}
        >
          Remove<span className="visually-hidden"> {what}</span>
        </button>
      )}
    </div>
  );

  if (!folds)
    return (
      <li className="editor-item editor-item--inline" ref={rootRef} data-key={itemKey}>
        <div className="editor-item__field">{children}</div>
        {tools}
      </li>
    );

  const summary = itemSummary(item);
  return (
    <li className={problems ? 'editor-item editor-item--problem' : 'editor-item'} ref={rootRef} data-fold="" data-key={itemKey}>
      <div className="editor-item__head">
        <button
          type="button"
          id={`${baseId}-toggle`}
          className="editor-item__toggle"
          aria-expanded={open}
          aria-controls={`${baseId}-body`}
          onClick={() => setOpen((was) => !was)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>{' '}
          <span className="admin-text">
            {number}. {summary.length > 90 ? `${summary.slice(0, 88)}…` : summary || `New ${noun}`}
          </span>
        </button>
        {problems > 0 && (
          <span className="editor-problem-mark">
            <span aria-hidden="true">!</span> {problems} problem{problems === 1 ? '' : 's'}
          </span>
        )}
        {tools}
      </div>
      <div id={`${baseId}-body`} ref={bodyRef} hidden={!open} className="editor-item__body">
        {children}
      </div>
    </li>
  );
}

/** rjsf's templates with the editor's lists in place of its icon-only buttons. */
export const EDITOR_TEMPLATES: Partial<TemplatesType> = { ArrayFieldTemplate, ArrayFieldItemTemplate };
