// Part of the entry chunk, so it stays small: no imports, no React.

/** What makes an island load its code: the visitor reaching for one of its controls. */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

// Links and <details> summaries work without code, so using them is no reason to load it.
const WORKS_WITHOUT_CODE = 'a[href], summary';
// What an island's code makes work; an element that acts on a click without being a control says so with data-island-control.
const CONTROL = 'button, input, select, textarea, label, [data-island-control]';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;

/** Whether an event is the visitor using something that needs the island's code. */
const needsCode = (t: EventTarget | null): t is HTMLElement =>
  t instanceof HTMLElement && t.closest(WORKS_WITHOUT_CODE) === null && t.closest(CONTROL) !== null;

/**
 * Gives a field's value to the hydrated island as if just typed. React compares a text field's value
 * with the one it last saw (its value tracker, set at hydration to what was typed), so the field is
 * first set through that tracker to another value, then back through the element's own setter.
 */
function replayValue(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
  } else {
    const ownSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    field.value = value === '' ? ' ' : '';
    ownSetter?.call(field, value);
  }
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Runs `start` once, on the first pointer down, focus or key press on a control inside `el`, and
 * keeps what the visitor does until `start`'s promise says the island is hydrated: clicks are held
 * (a radio's check undone) and then clicked again, and typed or chosen values are handed over, so
 * the first action is applied rather than lost.
 */
export function onInteraction(el: Element, start: () => Promise<void>): void {
  const clicks: HTMLElement[] = [];
  const values = new Map<Field, string>();
  let begun = false;

  function begin(e: Event) {
    if (begun || !needsCode(e.target)) return;
    begun = true;
    for (const type of TRIGGERS) el.removeEventListener(type, begin, true);
    start().then(replay, (err: unknown) => {
      stopHolding();
      console.error(err);
    });
  }
  function holdClick(e: Event) {
    if (!needsCode(e.target)) return;
    e.preventDefault();
    clicks.push(e.target);
    begin(e);
  }
  function holdValue(e: Event) {
    const field = e.target;
    if (isField(field) && !(field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')))
      values.set(field, field.value);
    // A value can change with no pointer or key (autofill, voice control).
    begin(e);
  }
  function stopHolding() {
    el.removeEventListener('click', holdClick, true);
    el.removeEventListener('input', holdValue, true);
    el.removeEventListener('change', holdValue, true);
  }
  function replay() {
    stopHolding();
    // Hydration puts back the value of the HTML, so the one typed or chosen is kept from its last event.
    for (const [field, typed] of values) replayValue(field, typed);
    for (const target of clicks) target.click();
  }

  for (const type of TRIGGERS) el.addEventListener(type, begin, true);
  el.addEventListener('click', holdClick, true);
  el.addEventListener('input', holdValue, true);
  el.addEventListener('change', holdValue, true);
}
