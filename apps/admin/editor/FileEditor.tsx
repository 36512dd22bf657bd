// One file in the editor: its form(s) from the schema, a page's sections as folding panels, the
// server's problems at their fields, the real page as preview, and saving that never writes over
// someone else's save.
import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ConflictChoices, EditableFile, Problem, SavedBy, SaveConflict } from '../../../contracts/editor-contract';
import { ErrorBox, useInbox, useTitle } from '../inbox-context';
import { FullDate } from '../times';
import { ConflictView } from './ConflictView';
import { checkFile, fetchFile, saveFile } from './editor-client';
import { messageOf } from './editor-paths';
import { PreviewFrame } from './PreviewFrame';
import { errorTreeFor, problemsInSection, problemText, unplacedProblems } from './problems';
import { formsFor, loadSchemas, type FileForms } from './schemas-cache';
import { SchemaForm } from './SchemaForm';
import { SectionList, type OpenRequest } from './SectionList';

type Loaded = { file: EditableFile; forms: FileForms; examples: Record<string, unknown> };

export function FileEditor() {
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  const [state, setState] = useState<{ path: string; loaded: Loaded } | { path: string; failed: string } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([fetchFile(path), loadSchemas()])
      .then(([file, bundle]) => ({ file, forms: formsFor(bundle.schemas, file.schema), examples: bundle.sectionExamples }))
      .then(
        (loaded) => live && setState({ path, loaded }),
        (err: unknown) => live && setState({ path, failed: messageOf(err) }),
      );
    return () => {
      live = false;
    };
  }, [path]);
  useTitle(state && 'loaded' in state ? `Edit ${state.loaded.file.title}` : 'Edit');

  if (!state || state.path !== path)
    return (
      <>
        <h1 tabIndex={-1}>Edit</h1>
        <p className="admin-loading">Loading {path}…</p>
      </>
    );
  if ('failed' in state)
    return (
      <>
        <h1 tabIndex={-1}>Edit</h1>
        <ErrorBox message={state.failed}>
          <p>
            <Link to="/content">Back to the files</Link>
          </p>
        </ErrorBox>
      </>
    );
  return <Editor key={path} {...state.loaded} />;
}

type SaveNotice = { kind: 'saved'; diff: string; mergedWith?: SavedBy } | { kind: 'problems'; count: number };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function Editor({ file, forms, examples }: Loaded) {
  const { announce } = useInbox();
  const [version, setVersion] = useState(file.version);
  const [saved, setSaved] = useState({ data: file.data, body: file.body });
  const [data, setData] = useState<unknown>(file.data);
  const [body, setBody] = useState<string | undefined>(file.body);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [saving, setSaving] = useState(false);
  const [opened, setOpened] = useState<OpenRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The loading view's heading had focus (a new view), and went with it: the file's heading takes it.
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, []);
  const noticeRef = useRef<HTMLDivElement>(null);

  const isPage = Object.keys(forms.sections).length > 0 && isRecord(data) && Array.isArray(data.sections);
  const sections = isPage ? (data.sections as unknown[]) : [];
  const top = useMemo(() => {
    if (!isPage || !isRecord(data)) return data;
    const { sections: _sections, ...rest } = data;
    return rest;
  }, [data, isPage]);
  const dirty = JSON.stringify(data) !== JSON.stringify(saved.data) || body !== saved.body;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // The latest draft, for checks started by a blur that React has not re-rendered after yet.
  const draft = useRef({ data, body });
  useEffect(() => {
    draft.current = { data, body };
  }, [data, body]);

  const check = useCallback(() => {
    checkFile({ path: file.path, ...draft.current }).then(
      (answer) => setProblems(answer.problems),
      (err: unknown) => setProblems([{ path: file.path, pointer: '', message: `The check could not run: ${messageOf(err)}` }]),
    );
  }, [file.path]);

  const change = (next: unknown) => {
    draft.current = { ...draft.current, data: next };
    setData(next);
    setNotice(null);
  };

  async function save(resolve?: ConflictChoices) {
    setSaving(true);
    try {
      const outcome = await saveFile({ path: file.path, data, body, version, ...(resolve ? { resolve } : {}) });
      if (outcome.kind === 'saved') {
        // Merged with someone's newer save: the form shows the file as saved, both edits in it.
        const kept = outcome.answer.merged ?? { data, body };
        setVersion(outcome.answer.version);
        setSaved({ data: kept.data, body: kept.body });
        if (outcome.answer.merged) change(kept.data);
        if (outcome.answer.merged) setBody(kept.body);
        setConflict(null);
        setProblems([]);
        setNotice({ kind: 'saved', diff: outcome.answer.diff, mergedWith: outcome.answer.merged?.with });
        announce(`Saved ${file.path}.`);
      } else if (outcome.kind === 'conflict') {
        setConflict(outcome.conflict);
        const count = outcome.conflict.conflicts.length;
        announce(
          `Not saved: ${count === 1 ? 'a value' : `${count} values`} you changed were changed in a newer save too. Pick which to keep.`,
        );
      } else {
        setProblems(outcome.problems);
        setNotice({ kind: 'problems', count: outcome.problems.length });
      }
    } catch (err) {
      setProblems([{ path: file.path, pointer: '', message: `Not saved: ${messageOf(err)}` }]);
    }
    setSaving(false);
  }

  function takeTheirs(current: EditableFile) {
    setVersion(current.version);
    setSaved({ data: current.data, body: current.body });
    setData(current.data);
    setBody(current.body);
    setConflict(null);
    setProblems([]);
    announce('Loaded the file as it is saved now. Your changes were discarded.');
  }

  const general = unplacedProblems(problems, file.path);

  return (
    <>
      <div className="admin-title-row">
        <div>
          <h1 tabIndex={-1} className="admin-text" ref={headingRef}>
            {file.title}
          </h1>
          <p className="admin-hint">
            <code>{file.path}</code>
            {file.route && (
              <>
                {' '}
                makes the page <code>{file.route}</code>
              </>
            )}
          </p>
        </div>
        <div className="editor-save">
          <span className="admin-hint">{dirty ? 'Unsaved changes' : 'No unsaved changes'}</span>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={saving} aria-disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>

      {conflict && (
        <ConflictView
          // A new answer (the file moved again) starts the picks afresh.
          key={conflict.current.version}
          path={file.path}
          conflict={conflict}
          saving={saving}
          onSave={(choices) => void save({ version: conflict.current.version, choices })}
          onDiscard={() => takeTheirs(conflict.current)}
        />
      )}

      {notice?.kind === 'saved' && (
        <div className="admin-notice" tabIndex={-1} ref={noticeRef}>
          <p>
            Saved. {notice.diff ? 'The lines that changed in the file:' : 'Nothing in the file changed.'} Publish to put it on the live
            site.
          </p>
          {notice.mergedWith && (
            <p className="admin-text">
              {notice.mergedWith.by ?? 'A change to the files'} saved this file on <FullDate iso={notice.mergedWith.at} />, after you opened
              it: your changes were added to theirs, and the form now shows both.
            </p>
          )}
          {notice.diff && (
            <pre className="editor-diff" aria-label="The lines that changed">
              {notice.diff}
            </pre>
          )}
        </div>
      )}
      {notice?.kind === 'problems' && (
        <div className="admin-alert" role="alert" tabIndex={-1} ref={noticeRef}>
          <p>
            Not saved: {notice.count} problem{notice.count === 1 ? '' : 's'} to fix first, shown at{' '}
            {notice.count === 1 ? 'its field' : 'their fields'}.
          </p>
        </div>
      )}
      {general.length > 0 && (
        <div className="admin-alert" role="alert">
          <p>Problems in this file:</p>
          <ul className="admin-problems">
            {general.map((p, i) => (
              <li key={i} className="admin-text">
                {problemText(p)}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className={file.route ? 'editor-layout' : 'editor-layout editor-layout--single'}>
        <div className="editor-forms">
          <section className="admin-panel" aria-labelledby="file-fields-heading">
            <h2 id="file-fields-heading">{isPage ? 'Page settings' : file.kind === 'article' ? 'Article details' : 'Fields'}</h2>
            <SchemaForm
              schema={forms.top}
              data={top}
              idPrefix="file"
              errors={errorTreeFor(
                problems.filter((p) => p.path === file.path),
                [],
                (parts) => isPage && parts[0] === 'sections' && parts.length > 1,
              )}
              onChange={(next) => change(isPage && isRecord(next) ? { ...next, sections } : next)}
              onBlur={check}
            />
          </section>
          {isPage && (
            <SectionList
              sections={sections}
              schemas={forms.sections as Record<string, RJSFSchema>}
              examples={examples}
              problems={problems.filter((p) => p.path === file.path)}
              opened={opened}
              onChange={(next) => change({ ...(data as Record<string, unknown>), sections: next })}
              onBlur={check}
              problemsIn={(i) =>
                problemsInSection(
                  problems.filter((p) => p.path === file.path),
                  i,
                )
              }
            />
          )}
          {body !== undefined && (
            <section className="admin-panel" aria-labelledby="body-heading">
              <h2 id="body-heading">Article text</h2>
              <div className="admin-field">
                <label htmlFor="article-body">Text, in Markdown</label>
                <p className="admin-hint" id="article-body-hint">
                  A blank line starts a new paragraph; <code>## </code> starts a heading, <code>- </code> a list item, and{' '}
                  <code>[words](/address)</code> makes a link.
                </p>
                <textarea
                  id="article-body"
                  className="input editor-body"
                  value={body}
                  rows={24}
                  aria-describedby="article-body-hint"
                  onChange={(event) => {
                    draft.current = { ...draft.current, body: event.target.value };
                    setBody(event.target.value);
                    setNotice(null);
                  }}
                  onBlur={check}
                />
              </div>
            </section>
          )}
        </div>
        {file.route && (
          <PreviewFrame
            path={file.path}
            route={file.route}
            data={data}
            body={body}
            onSection={(index) => setOpened((previous) => ({ index, serial: (previous?.serial ?? 0) + 1 }))}
          />
        )}
      </div>
    </>
  );
}
