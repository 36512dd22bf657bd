// Adding a section: pick its type, see what it is for and its example (as the catalogue shows it),
// choose where it goes; the new section starts as a copy of the example, to change in its form.
import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';

export function SectionPicker({
  types,
  schemas,
  examples,
  count,
  onAdd,
}: {
  types: string[];
  schemas: Record<string, RJSFSchema>;
  examples: Record<string, unknown>;
  count: number;
  onAdd: (type: string, at: number) => void;
}) {
  const [type, setType] = useState(types[0] ?? '');
  const [at, setAt] = useState(count);
  const [exampleText, setExampleText] = useState<{ type: string; text: string } | null>(null);
  const example = examples[type];

  useEffect(() => {
    if (example === undefined) return;
    let live = true;
    // The YAML writer loads only with the picker: the example reads as it would in the file.
    void import('yaml').then(({ stringify }) => live && setExampleText({ type, text: stringify(example) }));
    return () => {
      live = false;
    };
  }, [type, example]);

  const position = Math.min(at, count);
  return (
    <div className="admin-panel editor-picker">
      <h3 id="picker-heading">Add a section</h3>
      <div className="editor-picker__fields">
        <div className="admin-field">
          <label htmlFor="picker-type">Type</label>
          <select id="picker-type" className="input" value={type} onChange={(event) => setType(event.target.value)}>
            {types.map((t) => (
              <option key={t} value={t}>
                {schemas[t]?.title ? `${String(schemas[t]?.title)} (${t})` : t}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="picker-at">Where</label>
          <select id="picker-at" className="input" value={position} onChange={(event) => setAt(Number(event.target.value))}>
            {Array.from({ length: count + 1 }, (_, i) => (
              <option key={i} value={i}>
                {i === count ? 'At the end' : `Before section ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--primary" onClick={() => onAdd(type, position)}>
          Add this section
        </button>
      </div>
      {schemas[type]?.description && <p className="admin-hint">{String(schemas[type]?.description)}</p>}
      {example !== undefined && (
        <figure className="editor-example">
          <figcaption>Its example, which the new section starts from:</figcaption>
          <pre tabIndex={0} aria-label={`Example of a ${type} section`}>
            {exampleText?.type === type ? exampleText.text : JSON.stringify(example, null, 2)}
          </pre>
        </figure>
      )}
    </div>
  );
}
