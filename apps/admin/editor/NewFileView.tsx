// A new page or article from the same commented starting points as `npm run new`, made as a draft.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInbox, useTitle } from '../inbox-context';
import { createFile } from './editor-client';
import { editHref, messageOf } from './editor-paths';

export function NewFileView() {
  useTitle('New page or article');
  const { announce } = useInbox();
  const navigate = useNavigate();
  const [kind, setKind] = useState<'page' | 'article'>('page');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = String(form.get(kind === 'page' ? 'route' : 'title') ?? '').trim();
    setBusy(true);
    try {
      const file = await createFile(kind === 'page' ? { kind, route: value } : { kind, title: value });
      announce(`Created ${file.path} as a draft.`);
      void navigate(editHref(file.path));
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>New page or article</h1>
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)}>
        {error && (
          <div className="admin-alert" role="alert">
            <p>{error}</p>
          </div>
        )}
        <fieldset className="admin-status-form">
          <legend>What to make</legend>
          <div className="admin-radios">
            <label className="admin-radio">
              <input type="radio" name="kind" value="page" checked={kind === 'page'} onChange={() => setKind('page')} /> A page
            </label>
            <label className="admin-radio">
              <input type="radio" name="kind" value="article" checked={kind === 'article'} onChange={() => setKind('article')} /> A blog
              article
            </label>
          </div>
        </fieldset>
        {kind === 'page' ? (
          <div className="admin-field">
            <label htmlFor="new-route">The page’s address</label>
            <input
              id="new-route"
              name="route"
              className="input"
              required
              pattern="/[a-z0-9\-\/]*"
              placeholder="/protection/new-thing"
              aria-describedby="new-route-hint"
              spellCheck={false}
            />
            <p className="admin-hint" id="new-route-hint">
              Starts with /; lowercase letters, digits and hyphens. The page starts as a draft with a hero and a short text: nobody sees it
              on the live site until you untick Draft, save and publish.
            </p>
          </div>
        ) : (
          <div className="admin-field">
            <label htmlFor="new-title">The article’s title</label>
            <input id="new-title" name="title" className="input" required minLength={3} aria-describedby="new-title-hint" />
            <p className="admin-hint" id="new-title-hint">
              Its address is made from the title. It starts as a draft with today’s date: nobody sees it on the live site until you untick
              Draft, save and publish.
            </p>
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Creating…' : kind === 'page' ? 'Create the page' : 'Create the article'}
        </button>
      </form>
    </>
  );
}
