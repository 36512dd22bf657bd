import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The copy of site/ an end-to-end server edits and publishes (its CONTENT_ROOT), one per port.
 * Outside the project on purpose: a publish commits when its content is in a git repository, and
 * a copy inside the project's checkout would be committed to the branch under test.
 */
export const e2eContentRoot = (port: number) => join(tmpdir(), `takedown-e2e-content-${port}`);

/**
 * The content editor's specs talk to a server of their own: a publish there changes what it serves,
 * and every other spec expects the site as site/ has it. Its port follows the suite's (the mail
 * catcher takes +1, the publishing spec's own server +3).
 */
export const editorServerPort = (port: number) => port + 5;
/** Where the shared server receives visitors' answers to the team's replies (INBOUND_SMTP_PORT). */
export const inboundSmtpPort = (port: number) => port + 7;

/** The store of each end-to-end server, below the run's output folder. */
export const e2eDataDir = (output: string, editor = false) => resolve(output, editor ? 'e2e-editor-data' : 'e2e-data');
