import type { ConsentNotice as Consent } from '../generated/content';
import { consentParts } from './consent-text';

/**
 * Why we ask for the visitor's details, said where they give them (just above the submit button),
 * with real links to the policies. Written by the site's editors, so rendered as text only.
 */
export function ConsentNotice({ consent, id }: { consent: Consent; id: string }) {
  return (
    <p className="form-consent" id={id}>
      {consentParts(consent).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href}>
            {part.label}
          </a>
        ),
      )}
    </p>
  );
}
