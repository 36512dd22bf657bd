// One file in the editor: its form(s) from the schema, a page's sections as folding panels, the
// server's problems at their fields, the real page as preview, and saving that never writes over
// someone else's save.
import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ConflictChoices, EditableFile, Problem, ReferenceLists, SavedBy, SaveConflict } from '../../../contracts/editor-contract';
import { ErrorBox, useInbox, useTitle } from '../inbox-context';
import { FullDate } from '../times';
import { ConflictView } from './ConflictView';
import { checkFile, fetchFile, fetchReferences, saveFile } from './editor-client';
import { ErrorSummary, fieldIdOf, focusField, type SummaryEntry } from './ErrorSummary';
import { messageOf } from './editor-paths';
import { PreviewFrame } from './PreviewFrame';
import { errorTreeFor, pointerParts, problemsInSection } from './problems';
import { formsFor, loadSchemas, type FileForms } from './schemas-cache';
import { SchemaForm } from './SchemaForm';
import { SectionList, type OpenRequest } from './SectionList';
import { UnsavedGuard } from './UnsavedGuard';
import { forgetUnsaved, keepUnsaved, shortVersion, unsavedFor, type UnsavedWork } from './unsaved-work';

/** How long typing may pause before the draft is checked again. */
const CHECK_DEBOUNCE_MS = 400;

type Loaded = { file: EditableFile; forms: FileForms; examples: Record<string, unknown>; references: ReferenceLists | null };

export function FileEditor() {
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  const [state, setState] = useState<{ path: string; loaded: Loaded } | { path: string; failed: string } | null>(null);
  useEffect(() => {
    let live = true;
    // Without the reference lists the reference fields are plain text boxes: the checks still name a wrong one.
    Promise.all([fetchFile(path), loadSchemas(), fetchReferences().catch(() => null)])
      .then(([file, bundle, references]) => ({
        file,
        forms: formsFor(bundle.schemas, file.schema),
        examples: bundle.sectionExamples,
        references,
      }))
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

type SaveNotice =
  | { kind: 'saved'; diff: string; mergedWith?: SavedBy }
  | { kind: 'problems'; count: number; serial: number }
  | { kind: 'restored'; work: UnsavedWork };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function Editor({ file, forms, examples, references }: Loaded) {
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
  // Edits kept in this browser from an earlier visit, offered back until the writer answers.
  const [kept, setKept] = useState<UnsavedWork | null>(() => unsavedFor(file));
  const [touched, setTouched] = useState(false);
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
    if (notice?.kind === 'restored') noticeRef.current?.focus();
  }, [notice]);

  // The latest draft, for checks started by a blur that React has not re-rendered after yet.
  const draft = useRef({ data, body });
  useEffect(() => {
    draft.current = { data, body };
  }, [data, body]);

  // Only the newest check's answer is shown: an older one may arrive after it.
  const checkSerial = useRef(0);
  const check = useCallback(() => {
    const serial = ++checkSerial.current;
    checkFile({ path: file.path, ...draft.current }).then(
      (answer) => serial === checkSerial.current && setProblems(answer.problems),
      (err: unknown) =>
        serial === checkSerial.current &&
        setProblems([{ path: file.path, pointer: '', message: `The check could not run: ${messageOf(err)}` }]),
    );
  }, [file.path]);

  // Checks run as the writer types, after a pause; a problem fixed clears at the next check.
  useEffect(() => {
    if (!touched) return;
    const timer = setTimeout(check, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [data, body, touched, check]);

  // Unsaved edits are kept in this browser at every change, so a crash a moment later loses nothing
  // (paused while earlier ones are still offered back).
  useEffect(() => {
    if (kept) return;
    if (dirty) keepUnsaved({ path: file.path, version, data, ...(body !== undefined ? { body } : {}) });
    else forgetUnsaved(file.path);
  }, [data, body, dirty, version, kept, file.path]);

  function restore(work: UnsavedWork) {
    setData(work.data);
    setBody(work.body);
    // The edits were made on that version: a save against a file that moved since is refused and shown, never written over.
    setVersion(work.version);
    setKept(null);
    setTouched(true);
    setNotice({ kind: 'restored', work });
  }

  function discardKept() {
    forgetUnsaved(file.path);
    setKept(null);
    announce('Discarded the unsaved changes kept in this browser.');
  }

  const change = (next: unknown) => {
    draft.current = { ...draft.current, data: next };
    setData(next);
    setTouched(true);
    if (notice?.kind !== 'restored') setNotice(null);
  };

  async function save(resolve?: ConflictChoices) {
    setSaving(true);
    try {
      const outcome = await saveFile({ path: file.path, data, body, version, ...(resolve ? { resolve } : {}) });
      if (outcome.kind === 'saved') {
        // Merged with someone's newer save: the form shows the file as saved, both edits in it.
        const stored = outcome.answer.merged ?? { data, body };
        setVersion(outcome.answer.version);
        setSaved({ data: stored.data, body: stored.body });
        if (outcome.answer.merged) change(stored.data);
        if (outcome.answer.merged) setBody(stored.body);
        setConflict(null);
        setProblems([]);
        setNotice({ kind: 'saved', diff: outcome.answer.diff, mergedWith: outcome.answer.merged?.with });
        forgetUnsaved(file.path);
        announce(`Saved ${file.path}.`);
        headingRef.current?.focus();
      } else if (outcome.kind === 'conflict') {
        setConflict(outcome.conflict);
        const count = outcome.conflict.conflicts.length;
        announce(
          `Not saved: ${count === 1 ? 'a value' : `${count} values`} you changed were changed in a newer save too. Pick which to keep.`,
        );
      } else {
        setProblems(outcome.problems);
        setNotice({ kind: 'problems', count: outcome.problems.length, serial: Date.now() });
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
    forgetUnsaved(file.path);
    announce('Loaded the file as it is saved now. Your changes were discarded.');
  }

  /** A link from the summary to a problem's field: a section's field opens that section first. */
  const goTo = (problem: Problem): (() => void) | undefined => {
    if (problem.path !== file.path || !problem.pointer) return undefined;
    const parts = pointerParts(problem.pointer);
    if (isPage && parts[0] === 'sections' && parts.length > 1) {
      const index = Number(parts[1]);
      return () => setOpened((previous) => ({ index, serial: (previous?.serial ?? 0) + 1, field: parts.slice(2) }));
    }
    return () => focusField(fieldIdOf('file', parts));
  };
  const summary: SummaryEntry[] = problems.map((problem) => ({ problem, go: goTo(problem) }));
  const previewRoute = file.route ?? file.previewRoute;
  const formContext = useMemo(() => ({ references, fileKind: file.kind }), [references, file.kind]);

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

      <UnsavedGuard dirty={dirty} />
      {kept && (
        <div className="admin-notice editor-kept" role="region" aria-labelledby="kept-heading">
          <h2 id="kept-heading">You have unsaved changes to this file</h2>
          <p>
            This browser kept changes you made on {new Date(kept.at).toLocaleString()} and did not save.
            {kept.version !== file.version
              ? ` The file has been saved by someone since: you made them on version ${shortVersion(kept.version)}, and it is now version ${shortVersion(file.version)}. If you restore them, Save shows you what changed before anything is written.`
              : ' The file has not changed since.'}
          </p>
          <div className="admin-dialog__actions">
            <button type="button" className="button button--primary" onClick={() => restore(kept)}>
              Restore my unsaved changes
            </button>
            <button type="button" className="button button--secondary" onClick={discardKept}>
              Discard them
            </button>
          </div>
        </div>
      )}

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
      {notice?.kind === 'restored' && (
        <div className="admin-notice" tabIndex={-1} ref={noticeRef}>
          <p>
            Your unsaved changes from {new Date(notice.work.at).toLocaleString()} are back in the form. Save to keep them.
            {notice.work.version !== file.version &&
              ` They were made on version ${shortVersion(notice.work.version)} of this file; it has been saved since, as version ${shortVersion(file.version)}, so Save will first show you what changed.`}
          </p>
        </div>
      )}
      <ErrorSummary entries={summary} refused={notice?.kind === 'problems' ? { count: notice.count, serial: notice.serial } : null} />

      <div className={previewRoute ? 'editor-layout' : 'editor-layout editor-layout--single'}>
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
              context={formContext}
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
              context={formContext}
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
                    setTouched(true);
                    if (notice?.kind !== 'restored') setNotice(null);
                  }}
                  onBlur={check}
                />
              </div>
            </section>
          )}
        </div>
        {previewRoute && (
          <PreviewFrame
            path={file.path}
            route={previewRoute}
            data={data}
            body={body}
            onSection={(index) => setOpened((previous) => ({ index, serial: (previous?.serial ?? 0) + 1 }))}
          />
        )}
      </div>
    </>
  );
}
