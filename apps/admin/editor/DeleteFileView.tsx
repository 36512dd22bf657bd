// Deleting a page or article: the writer chooses what its address does afterwards (page not found,
// or a redirect to another live page) and is told which links still lead to it, since a publish
// refuses them until each is changed.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DeleteAnswer, EditableFile, FileSummary, Problem } from '../../../contracts/editor-contract';
import { ErrorBox, useInbox, useTitle } from '../inbox-context';
import { deleteFile, fetchFile, fetchFiles } from './editor-client';
import { editHref, messageOf } from './editor-paths';
import { ProblemLinks } from './ProblemLinks';

type Loaded = { file: EditableFile; pages: FileSummary[] };

export function DeleteFileView() {
  useTitle('Delete a page or article');
  const { announce } = useInbox();
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  const [loaded, setLoaded] = useState<Loaded | { failed: string } | null>(null);
  const [afterwards, setAfterwards] = useState<'not-found' | 'redirect'>('redirect');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<DeleteAnswer | null>(null);

  useEffect(() => {
    Promise.all([fetchFile(path), fetchFiles()]).then(
      ([file, list]) => setLoaded({ file, pages: list.files.filter((f) => f.route && !f.draft && f.path !== path) }),
      (err: unknown) => setLoaded({ failed: messageOf(err) }),
    );
  }, [path]);

  async function onSubmit(event: FormEvent<HTMLFormElement>, file: EditableFile) {
    event.preventDefault();
    const redirect = String(new FormData(event.currentTarget).get('redirect') ?? '').trim();
    setBusy(true);
    setError(null);
    setProblems([]);
    try {
      const outcome = await deleteFile({ path: file.path, version: file.version, ...(afterwards === 'redirect' ? { redirect } : {}) });
      if (outcome.kind === 'problems') setProblems(outcome.problems);
      else {
        setDone(outcome.answer);
        announce(`Deleted ${file.title}. Publish to take it off the live site.`);
      }
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  }

  if (loaded === null) return <p className="admin-loading">Loading the file…</p>;
  if ('failed' in loaded)
    return (
      <>
        <h1 tabIndex={-1}>Delete a page or article</h1>
        <ErrorBox message={loaded.failed} />
      </>
    );
  const { file, pages } = loaded;
  const noun = file.kind === 'article' ? 'article' : 'page';

  if (done)
    return (
      <>
        <h1 tabIndex={-1}>Deleted “{file.title}”</h1>
        <div className="admin-notice editor-result">
          <p>
            The {noun} is deleted from the saved files. The live site still shows it until the next publish.{' '}
            <Link to="/content/publish">Go to Publish</Link>.
          </p>
        </div>
        {done.linkedFrom.length > 0 && (
          <div className="admin-alert editor-result" role="alert">
            <p>
              {done.linkedFrom.length} link{done.linkedFrom.length === 1 ? ' still leads' : 's still lead'} to {file.route}. Publishing is
              refused until each is changed:
            </p>
            <ProblemLinks problems={done.linkedFrom} />
          </div>
        )}
      </>
    );

  return (
    <>
      <h1 tabIndex={-1}>Delete “{file.title}”</h1>
      <p>
        This deletes <code>{file.path}</code>. Its address, <code>{file.route}</code>, stays live until the next publish.
      </p>
      {error && <ErrorBox message={`Not deleted: ${error}`} />}
      {problems.length > 0 && (
        <div className="admin-alert" role="alert">
          <p>Not deleted:</p>
          <ul className="admin-problems">
            {problems.map((p, i) => (
              <li key={i} className="admin-text">
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="admin-form" onSubmit={(event) => void onSubmit(event, file)}>
        <fieldset className="admin-status-form">
          <legend>After the next publish, visitors who open {file.route}</legend>
          <div className="admin-radios">
            <label className="admin-radio">
              <input type="radio" name="afterwards" checked={afterwards === 'redirect'} onChange={() => setAfterwards('redirect')} /> are
              sent to another page
            </label>
            <label className="admin-radio">
              <input type="radio" name="afterwards" checked={afterwards === 'not-found'} onChange={() => setAfterwards('not-found')} /> see
              “page not found”
            </label>
          </div>
        </fieldset>
        {afterwards === 'redirect' && (
          <div className="admin-field">
            <label htmlFor="delete-redirect">The page to send them to</label>
            <input
              id="delete-redirect"
              name="redirect"
              className="input"
              required
              list="delete-redirect-pages"
              placeholder="/blog"
              spellCheck={false}
              aria-describedby="delete-redirect-hint"
            />
            <datalist id="delete-redirect-pages">
              {pages.map((p) => (
                <option key={p.path} value={p.route}>
                  {p.title}
                </option>
              ))}
            </datalist>
            <p className="admin-hint" id="delete-redirect-hint">
              The address of a live page, such as {file.kind === 'article' ? '/blog' : '/'}. Links and bookmarks to the old address keep
              working.
            </p>
          </div>
        )}
        <button type="submit" className="button admin-button--danger" disabled={busy}>
          {busy ? 'Deleting…' : `Delete the ${noun}`}
        </button>{' '}
        <Link to={editHref(file.path)}>Keep it and edit it instead</Link>
      </form>
    </>
  );
}
