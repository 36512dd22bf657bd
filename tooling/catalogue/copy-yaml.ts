// The catalogue's Copy buttons: shown only once this runs, so without JavaScript the YAML is plain
// selectable text. When the browser refuses the clipboard, the text is selected for Ctrl+C instead.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
  const target = button.dataset.copy!;
  const code = document.getElementById(target);
  const status = document.querySelector<HTMLElement>(`[data-copy-status="${target}"]`);
  if (!code || !status) continue;
  button.hidden = false;
  // Both outcomes are shown in the status line, so the click handler has nothing left to await.
  button.addEventListener('click', () => void copyFrom(code, status));
}

async function copyFrom(code: HTMLElement, status: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    status.textContent = 'Copied. Paste it under sections: in a page.';
  } catch {
    getSelection()?.selectAllChildren(code);
    status.textContent = 'Your browser did not allow copying. The text is selected: press Ctrl+C (or ⌘+C) to copy it.';
  }
}
