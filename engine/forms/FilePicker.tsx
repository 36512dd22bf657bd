import type { ChangeEvent } from 'react';
import { EVIDENCE_ACCEPT, fileSizeText } from '../../contracts/evidence-contract';
import type { Form } from '../generated/content';

export interface FilePickerProps {
  files: NonNullable<Form['files']>;
  idPrefix: string;
  /** The files chosen (none before the form hydrates, or without script). */
  chosen: readonly File[];
  error?: string;
  disabled?: boolean;
  onChoose: (files: File[]) => void;
}

/** The id of a form's file input, as every field's is named (`<prefix>_<name>`), so the error summary links to it. */
export const filePickerId = (idPrefix: string, name: string) => `${idPrefix}_${name}`;

/**
 * A form's optional files: a native file input (the form posts it as multipart/form-data without
 * script), the names and sizes of those chosen, and the field's message, tied to the input.
 */
export function FilePicker({ files, idPrefix, chosen, error, disabled, onChoose }: FilePickerProps) {
  const id = filePickerId(idPrefix, files.name);
  const helpId = `${id}__help`;
  const errorId = `${id}__error`;
  const listId = `${id}__chosen`;
  const describedBy = [files.help ? helpId : null, error ? errorId : null, chosen.length ? listId : null].filter(Boolean).join(' ');
  return (
    <div className="form-group field field-files">
      <label className="control-label" htmlFor={id}>
        {files.title}
      </label>
      {files.help && (
        <p id={helpId} className="field-help">
          {files.help}
        </p>
      )}
      <input
        type="file"
        id={id}
        name={files.name}
        multiple
        accept={EVIDENCE_ACCEPT}
        className={error ? 'input input--invalid' : 'input'}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChoose([...(e.target.files ?? [])])}
      />
      {chosen.length > 0 && (
        <ul id={listId} className="file-list">
          {chosen.map((f, i) => (
            <li key={`${i}-${f.name}`}>
              <span className="file-list__name">{f.name}</span> <span className="file-list__size">({fileSizeText(f.size)})</span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
