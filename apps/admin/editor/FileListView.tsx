// Every file a writer can edit: pages by address and title (drafts marked, each with Delete), then
// articles, FAQ sets, prices, the header and footer, forms and the rest; one search box filters them all.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { FileKind, FileSummary } from '../../../contracts/editor-contract';
import { ErrorBox, useTitle } from '../inbox-context';
import { fetchFiles } from './editor-client';
import { deleteHref, editHref, messageOf } from './editor-paths';
import { AdminTable } from '../AdminTable';

const GROUPS: Array<{ kinds: FileKind[]; heading: string }> = [
  { kinds: ['page'], heading: 'Pages' },
  { kinds: ['article'], heading: 'Articles' },
  { kinds: ['faq'], heading: 'FAQ sets' },
  { kinds: ['prices'], heading: 'Prices' },
  { kinds: ['site', 'navigation'], heading: 'Header, footer and site settings' },
  { kinds: ['form'], heading: 'Forms' },
  { kinds: ['other'], heading: 'Other files' },
];

/** The files whose address, title or file name holds every word of `query`. */
export function filterFiles(files: FileSummary[], query: string): FileSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return files;
  return files.filter((f) => {
    const text = `${f.route ?? ''} ${f.title} ${f.path}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function FileListView() {
  useTitle('Content');
  const [files, setFiles] = useState<FileSummary[] | { failed: string } | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    fetchFiles().then(
      (list) => setFiles(list.files),
      (err: unknown) => setFiles({ failed: messageOf(err) }),
    );
  }, []);
  const shown = useMemo(() => (Array.isArray(files) ? filterFiles(files, query) : []), [files, query]);

  return (
    <>
      <div className="admin-title-row">
        <h1 tabIndex={-1}>Content</h1>
        <Link className="button button--primary admin-button--small" to="/content/new">
          New page or article
        </Link>
      </div>
      <div className="admin-field editor-search">
        <label htmlFor="content-search">Search pages and files</label>
        <input
          id="content-search"
          className="input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="content-search-count"
        />
        <p id="content-search-count" className="admin-hint" aria-live="polite">
          {Array.isArray(files) ? `${shown.length} of ${files.length} files` : ''}
        </p>
      </div>
      {files === null && <p className="admin-loading">Loading the files…</p>}
      {files && 'failed' in files && <ErrorBox message={files.failed} />}
      {Array.isArray(files) &&
        GROUPS.map(({ kinds, heading }) => {
          const group = shown.filter((f) => kinds.includes(f.kind));
          if (!group.length) return null;
          const pages = kinds.includes('page') || kinds.includes('article');
          return (
            <section key={heading} className="editor-group" aria-labelledby={`group-${kinds[0]}`}>
              <h2 id={`group-${kinds[0]}`}>{heading}</h2>
              <AdminTable columns={['Title', pages && 'Address', 'File', pages && { label: 'Delete', hidden: true }]}>
                {group.map((f) => (
                  <tr key={f.path}>
                    <td>
                      <Link to={editHref(f.path)} className="admin-text">
                        {f.title}
                      </Link>
                      {f.draft && <span className="admin-badge admin-badge--in_progress">Draft</span>}
                    </td>
                    {pages && <td>{f.route ? <code>{f.route}</code> : '—'}</td>}
                    <td>
                      <code>{f.path}</code>
                    </td>
                    {pages && (
                      <td>
                        {f.route && (
                          <Link to={deleteHref(f.path)}>
                            Delete<span className="visually-hidden"> {f.title}</span>
                          </Link>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </AdminTable>
            </section>
          );
        })}
      {Array.isArray(files) && !shown.length && <p className="admin-empty">No file matches “{query}”.</p>}
    </>
  );
}
