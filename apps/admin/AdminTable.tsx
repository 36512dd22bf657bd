import type { ReactNode, Ref } from 'react';

/** A column heading: its words, or words read to screen readers only, with a class of its own if it needs one. */
export type AdminColumn = string | { label: string; hidden?: boolean; className?: string };

/**
 * A table of the inbox's and the editor's: it scrolls sideways on a narrow screen, its caption is
 * read to screen readers (shown as well with `captionShown`), and its head row holds one column
 * heading per entry of `columns` (a `false` entry leaves that column out). The rows are its children.
 */
export function AdminTable({
  caption,
  captionShown = false,
  columns,
  className,
  tableRef,
  children,
}: {
  caption?: string;
  captionShown?: boolean;
  columns: readonly (AdminColumn | false)[];
  className?: string;
  tableRef?: Ref<HTMLTableElement>;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'} ref={tableRef}>
        {caption !== undefined && <caption className={captionShown ? undefined : 'visually-hidden'}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              if (column === false) return null;
              const { label, hidden, className: columnClass } = typeof column === 'string' ? { label: column } : column;
              return (
                <th scope="col" key={label} className={columnClass}>
                  {hidden ? <span className="visually-hidden">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
