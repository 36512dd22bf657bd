// A takedown request's evidence files on its lead's page: each file's name as the visitor gave it
// (as text), the type its bytes showed, its size and SHA-256, and a download link. The files are
// never shown in the inbox itself; a download is saved, not opened. Only for the leads role.
import { useEffect, useState } from 'react';
import {
  EVIDENCE_ROUTES,
  EVIDENCE_TYPE_LABELS,
  evidenceDownloadName,
  type EvidenceFile,
  type EvidenceList,
} from '../../contracts/evidence-contract';
import { call, InboxError } from './inbox-client';
import { ErrorBox, useInbox } from './inbox-context';
import { rolesOf } from './session-roles';
import { AdminTable } from './AdminTable';

/** 1 234 567 bytes as "1.2 MB"; below a kilobyte, in bytes. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Listing = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; files: EvidenceFile[] };

/** `erased` reloads the list once the lead is erased (its files go with it). */
export function EvidenceFiles({ leadId, erased }: { leadId: string; erased: boolean }) {
  const { session } = useInbox();
  const allowed = rolesOf(session).includes('leads');
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });

  useEffect(() => {
    if (!allowed) return;
    let current = true;
    call<EvidenceList>('GET', EVIDENCE_ROUTES.list(leadId)).then(
      (list) => current && setListing({ kind: 'loaded', files: list.files }),
      (err: unknown) => current && setListing({ kind: 'failed', message: err instanceof InboxError ? err.message : String(err) }),
    );
    return () => {
      current = false;
    };
  }, [allowed, leadId, erased]);

  // Most leads bring no files: the page says nothing about them.
  if (!allowed || listing.kind === 'loading' || (listing.kind === 'loaded' && listing.files.length === 0)) return null;
  return (
    <section aria-labelledby="evidence-heading" className="admin-panel">
      <h2 id="evidence-heading">Evidence files</h2>
      {listing.kind === 'failed' ? (
        <ErrorBox message={listing.message} />
      ) : (
        <>
          <p>
            Each file is downloaded as it was sent, never opened here. Its type was read from its bytes; the SHA-256 identifies the exact
            file the requester sent.
          </p>
          <AdminTable
            caption="Evidence files sent with this request"
            className="admin-evidence"
            columns={['File', 'Type', 'Size', 'SHA-256', 'Download']}
          >
            {listing.files.map((file) => (
              <tr key={file.position}>
                <td className="admin-text">{file.fileName}</td>
                <td>{EVIDENCE_TYPE_LABELS[file.mediaType].label}</td>
                <td>{fileSize(file.size)}</td>
                <td>
                  <code className="admin-evidence__hash">{file.sha256}</code>
                </td>
                <td>
                  <a href={EVIDENCE_ROUTES.file(leadId, file.position)} download={evidenceDownloadName(file.position, file.mediaType)}>
                    Download<span className="visually-hidden"> file {file.position}</span>
                  </a>
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </section>
  );
}
