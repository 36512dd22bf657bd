// The page the draft makes, rendered by the site's own engine on the server, beside the form. A
// click on a section opens that section's form; links do not navigate.
import { useEffect, useRef, useState } from 'react';
import { fetchPreview } from './editor-client';
import { messageOf } from './editor-paths';

/** The widths a writer can check the page at, as the site's layouts change at them. */
export const PREVIEW_WIDTHS = [
  { name: 'Phone', px: 375 },
  { name: 'Tablet', px: 768 },
  { name: 'Desktop', px: 1280 },
] as const;

/** How long typing may pause before the preview is asked for again. */
export const PREVIEW_DEBOUNCE_MS = 150;

/**
 * The index of the page section an element belongs to: the engine puts a hidden marker before each
 * section in <main>, `data-section` holding its index, so it is the nearest marker before the
 * section that holds the element.
 */
export function sectionIndexOf(target: Element | null): number | null {
  let node: Element | null = target;
  while (node && node.parentElement && node.parentElement.tagName !== 'MAIN') node = node.parentElement;
  if (!node?.parentElement) return null;
  for (let sibling: Element | null = node; sibling; sibling = sibling.previousElementSibling) {
    const index = sibling.getAttribute('data-section');
    if (index !== null && /^\d+$/.test(index)) return Number(index);
  }
  return null;
}

export function PreviewFrame({
  path,
  route,
  data,
  body,
  onSection,
}: {
  path: string;
  route: string;
  data: unknown;
  body?: string;
  onSection: (index: number) => void;
}) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [width, setWidth] = useState<number>(PREVIEW_WIDTHS[0].px);
  const onSectionRef = useRef(onSection);
  useEffect(() => {
    onSectionRef.current = onSection;
  }, [onSection]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      fetchPreview({ path, data, body }, controller.signal).then(
        (page) => {
          setHtml(page);
          setError(null);
          setBusy(false);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setError(messageOf(err));
          setBusy(false);
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    // A newer draft makes this one's preview stale: never ask, or drop the answer.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, data, body]);

  function onLoad(event: React.SyntheticEvent<HTMLIFrameElement>) {
    const doc = event.currentTarget.contentDocument;
    if (!doc) return;
    doc.addEventListener('click', (click) => {
      click.preventDefault();
      const index = sectionIndexOf(click.target instanceof doc.defaultView!.Element ? click.target : null);
      if (index !== null) onSectionRef.current(index);
    });
  }

  return (
    <div className="editor-preview">
      <div className="editor-preview__bar">
        <h2 id="preview-heading">
          Preview of <code>{route}</code>
        </h2>
        <span className="admin-hint" aria-live="polite">
          {busy ? 'Updating…' : html ? 'Up to date' : ''}
        </span>
      </div>
      <fieldset className="editor-preview__widths">
        <legend>Width</legend>
        {PREVIEW_WIDTHS.map((option) => (
          <label key={option.name}>
            <input type="radio" name="preview-width" value={option.px} checked={width === option.px} onChange={() => setWidth(option.px)} />{' '}
            {option.name} ({option.px} px)
          </label>
        ))}
      </fieldset>
      {error && (
        <div className="admin-alert" role="alert">
          <p>The preview could not be drawn: {error}</p>
        </div>
      )}
      {html !== null && (
        <div className="editor-preview__viewport">
          <iframe
            className="editor-preview__frame"
            title={`Preview of ${route}; click a section to open its form`}
            // Same origin so a click can be read; no scripts run inside.
            sandbox="allow-same-origin"
            srcDoc={html}
            onLoad={onLoad}
            style={{ width: `${width}px` }}
          />
        </div>
      )}
    </div>
  );
}
