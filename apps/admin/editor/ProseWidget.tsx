// The field of a prose text (`"x-prose": true` in its schema: an FAQ answer, a card's text): a text box
// that keeps its shape while typed in, with Bold, Italic and Link buttons that write the Markdown the
// site renders there (engine/content/inline-markdown.ts).
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, type ComponentType, type KeyboardEvent } from 'react';

type Mark = 'bold' | 'italic' | 'link';

/** The text with the selection [start, end) marked, and the part to select afterwards. */
export function applyMark(text: string, start: number, end: number, mark: Mark): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  if (mark === 'link') {
    const words = selected || 'link text';
    const address = '/address';
    const written = `[${words}](${address})`;
    // The address is selected, ready to be typed over; with no words chosen, the words are.
    const from = selected ? start + words.length + 3 : start + 1;
    return { text: text.slice(0, start) + written + text.slice(end), start: from, end: from + (selected ? address.length : words.length) };
  }
  const marker = mark === 'bold' ? '**' : '*';
  // Marked already: the marks come off again, as a toolbar button does.
  if (selected.startsWith(marker) && selected.endsWith(marker) && selected.length >= marker.length * 2) {
    const inner = selected.slice(marker.length, selected.length - marker.length);
    return { text: text.slice(0, start) + inner + text.slice(end), start, end: start + inner.length };
  }
  const words = selected || (mark === 'bold' ? 'bold text' : 'italic text');
  return {
    text: text.slice(0, start) + marker + words + marker + text.slice(end),
    start: start + marker.length,
    end: start + marker.length + words.length,
  };
}

const BUTTONS: Array<{ mark: Mark; label: string; key: string }> = [
  { mark: 'bold', label: 'Bold', key: 'b' },
  { mark: 'italic', label: 'Italic', key: 'i' },
  { mark: 'link', label: 'Link', key: 'k' },
];

export function ProseWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const box = useRef<HTMLTextAreaElement>(null);
  const selectAfter = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    // After a button's change is drawn: the box gets focus back, with the new words selected.
    const selection = selectAfter.current;
    if (!selection || !box.current) return;
    selectAfter.current = null;
    box.current.focus();
    box.current.setSelectionRange(selection.start, selection.end);
  });
  const mark = (which: Mark) => {
    const el = box.current;
    if (!el) return;
    const next = applyMark(value, el.selectionStart, el.selectionEnd, which);
    selectAfter.current = { start: next.start, end: next.end };
    props.onChange(next.text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const button = BUTTONS.find((b) => b.key === event.key.toLowerCase());
    if (!button) return;
    event.preventDefault();
    mark(button.mark);
  };
  const hintId = `${props.id}__prose`;
  return (
    <div className="editor-prose">
      <div className="editor-prose__toolbar" role="toolbar" aria-label="Formatting" aria-controls={props.id}>
        {BUTTONS.map((b) => (
          <button
            key={b.mark}
            type="button"
            className={`button button--secondary admin-button--small editor-prose__${b.mark}`}
            disabled={props.disabled || props.readonly}
            // The box keeps its selection: a mouse press on the button would otherwise take the focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => mark(b.mark)}
            aria-keyshortcuts={`Control+${b.key.toUpperCase()}`}
          >
            {b.label}
          </button>
        ))}
      </div>
      <textarea
        ref={box}
        id={props.id}
        name={props.name}
        className="form-control"
        value={value}
        required={props.required}
        disabled={props.disabled || props.readonly}
        rows={Math.max(3, Math.min(12, Math.ceil(value.length / 70) + value.split('\n').length))}
        aria-describedby={`${props.id}__description ${props.id}__error ${hintId}`}
        onKeyDown={onKeyDown}
        onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
        onBlur={(event) => props.onBlur(props.id, event.target.value)}
        onFocus={(event) => props.onFocus(props.id, event.target.value)}
      />
      <p className="admin-hint" id={hintId}>
        <code>**bold**</code>, <code>*italic*</code> and <code>[words](/address)</code> for a link work here; a blank line starts a new
        paragraph.
      </p>
    </div>
  );
}

/** The form's widgets with prose texts drawn by ProseWidget: rjsf draws every text with TextWidget, which hands those over. */
export function withProseWidget(widgets: RegistryWidgetsType & { TextWidget: ComponentType<WidgetProps> }): RegistryWidgetsType {
  const Text = widgets.TextWidget;
  function TextOrProse(props: WidgetProps) {
    return props.schema['x-prose'] === true ? <ProseWidget {...props} /> : <Text {...props} />;
  }
  return { ...widgets, TextWidget: TextOrProse };
}
