import type { ReactNode } from 'react';

/** A label and, when there is one, a note after it: two spans the styles set on two lines. */
export function LabelAndNote({
  label,
  note,
  labelClass,
  noteClass,
}: {
  label: ReactNode;
  note?: ReactNode;
  labelClass: string;
  noteClass: string;
}) {
  return (
    <>
      <span className={labelClass}>{label}</span>
      {note && <span className={noteClass}>{note}</span>}
    </>
  );
}
