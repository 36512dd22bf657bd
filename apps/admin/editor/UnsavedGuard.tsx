// Asks before unsaved edits are left behind: the browser's own question on a reload or a closed tab,
// and a dialog on every move inside the admin (another file, Publish, History, the menu).
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (blocked && !dialog.open) {
      dialog.showModal();
      stayRef.current?.focus();
    } else if (!blocked && dialog.open) dialog.close();
  }, [blocked]);

  return (
    <dialog
      ref={dialogRef}
      className="admin-dialog"
      aria-labelledby="unsaved-dialog-title"
      aria-describedby="unsaved-dialog-text"
      onCancel={(event) => {
        // Escape means stay.
        event.preventDefault();
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      <h2 id="unsaved-dialog-title">Leave without saving?</h2>
      <p id="unsaved-dialog-text">
        This file has changes you have not saved. If you leave, they are kept in this browser only, and offered back when you open the file
        again here.
      </p>
      <div className="admin-dialog__actions">
        <button
          type="button"
          ref={stayRef}
          className="button button--primary"
          onClick={() => blocker.state === 'blocked' && blocker.reset()}
        >
          Stay and keep editing
        </button>
        <button type="button" className="button button--secondary" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
