// Setting up two-step sign-in (or moving it to a new app): the password again (and the current
// app's code when moving), then scan the QR code (or type the secret) into an authenticator app,
// confirm with a code it shows, then keep the recovery codes, which are shown this once.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { confirmTwoStep, startTwoStep } from './inbox-client';
import { useFailureAlert } from './use-failure-alert';
import type { TwoStepOffer } from '../../contracts/inbox-contract';

type Stage =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'offered'; offer: TwoStepOffer; busy: boolean }
  | { kind: 'confirmed'; recoveryCodes: string[] };

/** `heading`: the level of its own headings, one below the view's; `replacing`: an app is set up already and this moves to a new one. */
export function TwoStepSetup({
  onFinished,
  onConfirmed,
  heading: Heading,
  replacing = false,
}: {
  onFinished: () => void;
  /** Called once the app is confirmed (two-step sign-in is on from then), before the codes are put away. */
  onConfirmed?: () => void;
  heading: 'h2' | 'h3';
  replacing?: boolean;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const { error, alertRef, fail, clear } = useFailureAlert();
  const codesRef = useRef<HTMLHeadingElement>(null);
  const offerRef = useRef<HTMLHeadingElement>(null);
  const idPrefix = replacing ? 'two-step-replace' : 'two-step-start';

  useEffect(() => {
    if (stage.kind === 'confirmed') codesRef.current?.focus();
    if (stage.kind === 'offered' && !stage.busy) offerRef.current?.focus();
  }, [stage]);

  async function onStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const code = replacing ? String(form.get('code') ?? '').trim() : undefined;
    setStage({ kind: 'starting' });
    clear();
    try {
      setStage({ kind: 'offered', offer: await startTwoStep({ password, ...(code !== undefined ? { code } : {}) }), busy: false });
    } catch (err) {
      setStage({ kind: 'idle' });
      fail(err);
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stage.kind !== 'offered') return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setStage({ ...stage, busy: true });
    try {
      const { recoveryCodes } = await confirmTwoStep(code);
      clear();
      setStage({ kind: 'confirmed', recoveryCodes });
      onConfirmed?.();
    } catch (err) {
      setStage({ ...stage, busy: false });
      fail(err);
    }
  }

  return (
    <div className="admin-two-step">
      {error && (
        <div className="admin-alert" role="alert" tabIndex={-1} ref={alertRef} key={error.serial}>
          <p>{error.message}</p>
        </div>
      )}
      {(stage.kind === 'idle' || stage.kind === 'starting') && (
        // Asked again here so a session alone (a browser left open, a stolen cookie) cannot change how this account signs in.
        <form className="admin-form" onSubmit={(event) => void onStart(event)} aria-busy={stage.kind === 'starting'}>
          <div className="admin-field">
            <label htmlFor={`${idPrefix}-password`}>Your password</label>
            <input className="input" id={`${idPrefix}-password`} name="password" type="password" autoComplete="current-password" required />
          </div>
          {replacing && <AppCodeField id={`${idPrefix}-code`} label="Code from the app you use now" />}
          <button type="submit" className="button button--primary" disabled={stage.kind === 'starting'}>
            {replacing ? 'Move to a new app' : 'Set up two-step sign-in'}
          </button>
        </form>
      )}
      {stage.kind === 'offered' && (
        <>
          <Heading tabIndex={-1} ref={offerRef}>
            Add the inbox to your authenticator app
          </Heading>
          <p>Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis).</p>
          <img className="admin-qr" src={stage.offer.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            If you cannot scan it, type this key into the app instead (time-based):{' '}
            <code className="admin-secret" data-testid="totp-secret">
              {stage.offer.secret}
            </code>
          </p>
          <form className="admin-form" onSubmit={(event) => void onConfirm(event)} aria-busy={stage.busy}>
            <AppCodeField id="two-step-confirm-code" label="Code the app shows now" sixDigits />
            <button type="submit" className="button button--primary" disabled={stage.busy}>
              Turn on two-step sign-in
            </button>
          </form>
        </>
      )}
      {stage.kind === 'confirmed' && (
        <>
          <Heading tabIndex={-1} ref={codesRef}>
            Two-step sign-in is on: save your recovery codes
          </Heading>
          <p>
            If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: copy them
            somewhere safe, such as your password manager.
          </p>
          <ul className="admin-recovery-codes" aria-label="Recovery codes">
            {stage.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <RecoveryCodeActions codes={stage.recoveryCodes} />
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // Back to the start: when an app was replaced, this form stays on the page for the next time.
              setStage({ kind: 'idle' });
              onFinished();
            }}
          >
            I have saved them
          </button>
        </>
      )}
    </div>
  );
}

/** The recovery codes as one text: a line each, with a line saying what they are. */
/** A field for the code an authenticator app shows; `sixDigits` also holds the browser to its shape. */
export function AppCodeField({ id, label, sixDigits = false }: { id: string; label: string; sixDigits?: boolean }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        className="input"
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        {...(sixDigits ? { pattern: '[0-9 ]{6,7}', maxLength: 7 } : {})}
        autoComplete="one-time-code"
        required
        spellCheck={false}
      />
    </div>
  );
}

export function recoveryCodesText(codes: readonly string[], host: string): string {
  return [`Recovery codes for the leads inbox at ${host}. Each signs you in once instead of a code from the app.`, '', ...codes, ''].join(
    '\n',
  );
}

/** Copy to the clipboard and download as a .txt file: the two ways codes reach a password manager or a safe place. */
function RecoveryCodeActions({ codes }: { codes: readonly string[] }) {
  const [said, setSaid] = useState('');
  const text = recoveryCodesText(codes, window.location.host);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('The recovery codes are copied.');
    } catch {
      setSaid('The browser did not allow copying: select the codes above and copy them, or download them.');
    }
  }

  function onDownload() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'inbox-recovery-codes.txt';
    link.click();
    // The download has started from the link; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setSaid('The recovery codes are downloaded as inbox-recovery-codes.txt.');
  }

  return (
    <div className="admin-recovery-actions">
      <button type="button" className="button button--secondary" onClick={() => void onCopy()}>
        Copy the codes
      </button>
      <button type="button" className="button button--secondary" onClick={onDownload}>
        Download as a .txt file
      </button>
      <p role="status" className="admin-recovery-actions__said">
        {said}
      </p>
    </div>
  );
}
