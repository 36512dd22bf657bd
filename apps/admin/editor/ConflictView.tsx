// A save that met a newer save changing the same values: each value in both versions side by side,
// with who saved the other and when, and the writer's pick of each. Nothing is written until then.
import { useEffect, useRef, useState } from 'react';
import type { MergeConflictView, SaveConflict } from '../../../contracts/editor-contract';
import { FullDate } from '../times';

export type Choices = Record<string, 'mine' | 'theirs'>;

function Version({ text }: { text: string | null }) {
  return text === null ? <p className="editor-merge__removed">Removed</p> : <pre className="editor-diff editor-merge__text">{text}</pre>;
}

function ConflictChoice({
  conflict,
  index,
  other,
  choice,
  onPick,
}: {
  conflict: MergeConflictView;
  index: number;
  other: string;
  choice: 'mine' | 'theirs' | undefined;
  onPick: (choice: 'mine' | 'theirs') => void;
}) {
  const name = `conflict-${index}`;
  return (
    <fieldset className="editor-merge__conflict">
      <legend className="admin-text">{conflict.label}</legend>
      <div className="editor-merge__sides">
        <div className="editor-merge__side">
          <h3>Your version</h3>
          <Version text={conflict.mine} />
          <label className="admin-radio">
            <input type="radio" name={name} checked={choice === 'mine'} onChange={() => onPick('mine')} /> Keep your version
          </label>
        </div>
        <div className="editor-merge__side">
          <h3 className="admin-text">{other}’s version</h3>
          <Version text={conflict.theirs} />
          <label className="admin-radio">
            <input type="radio" name={name} checked={choice === 'theirs'} onChange={() => onPick('theirs')} /> Keep{' '}
            <span className="admin-text">{other}</span>’s version
          </label>
        </div>
      </div>
    </fieldset>
  );
}

export function ConflictView({
  path,
  conflict,
  saving,
  onSave,
  onDiscard,
}: {
  path: string;
  conflict: SaveConflict;
  saving: boolean;
  onSave: (choices: Choices) => void;
  onDiscard: () => void;
}) {
  const [choices, setChoices] = useState<Choices>({});
  const [missing, setMissing] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [conflict]);
  const other = conflict.savedBy.by ?? 'The saved file';
  const count = conflict.conflicts.length;
  const save = () => {
    if (conflict.conflicts.some((c) => !choices[c.id])) return setMissing(true);
    onSave(choices);
  };
  return (
    <section className="admin-alert editor-conflict" tabIndex={-1} ref={ref} aria-labelledby="conflict-heading">
      <h2 id="conflict-heading">
        {conflict.savedBy.by
          ? `Not saved: you and another writer changed the same ${count === 1 ? 'value' : 'values'}`
          : `Not saved: the files were changed outside the editor, and the same ${count === 1 ? 'value was' : 'values were'} changed by you`}
      </h2>
      <p>
        {conflict.savedBy.by ? (
          <>
            <strong className="admin-text">{conflict.savedBy.by}</strong> saved
          </>
        ) : (
          'The files were changed outside the editor, saving'
        )}{' '}
        <code>{path}</code> on <FullDate iso={conflict.savedBy.at} />, after you opened it. Nothing was written. Everything else either of
        you changed will be kept; pick which version to keep of {count === 1 ? 'this value' : `each of these ${count} values`}, then save.
      </p>
      {conflict.conflicts.map((c, i) => (
        <ConflictChoice
          key={c.id}
          conflict={c}
          index={i}
          other={other}
          choice={choices[c.id]}
          onPick={(choice) => {
            setChoices((previous) => ({ ...previous, [c.id]: choice }));
            setMissing(false);
          }}
        />
      ))}
      {missing && <p className="editor-problem-mark">Pick a version of each value first.</p>}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--primary" onClick={save} disabled={saving} aria-disabled={saving}>
          Save with these choices
        </button>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          Discard my changes and load the saved file
        </button>
      </div>
    </section>
  );
}
