// The price catalogue as tables a writer reads like the /pricing page: one table per group, its plans
// as rows and its periods (monthly, annual, regular, discounted…) as columns. Only the figures are
// edited here; the names are the keys pages use, so adding or renaming one stays a change to the file.
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { Fragment } from 'react';

type Group = Record<string, unknown>;

const isGroup = (value: unknown): value is Group => !!value && typeof value === 'object' && !Array.isArray(value);
const isLeafGroup = (value: unknown): value is Group => isGroup(value) && Object.values(value).every((v) => !isGroup(v));

/** A table to draw: its place in the catalogue, its rows (each a name and its cells by column), and its columns. */
interface PriceTableModel {
  path: string[];
  columns: string[];
  rows: { name: string; cells: Group }[];
}

/**
 * The catalogue's groups as tables, one or two per group: its single prices with a Price column, and
 * its plans (groups of prices) as rows with a column per period. The catalogue's top level is groups
 * only (takedowns, commercial…), each drawn on its own.
 */
export function priceTables(node: Group, path: string[] = []): PriceTableModel[] {
  const tables: PriceTableModel[] = [];
  const entries = Object.entries(node);
  const atTop = path.length === 0;
  const single = entries.filter(([, value]) => !isGroup(value));
  const plans = atTop ? [] : (entries.filter(([, value]) => isLeafGroup(value)) as [string, Group][]);
  const deeper = entries.filter(([, value]) => isGroup(value) && (atTop || !isLeafGroup(value))) as [string, Group][];
  if (single.length) tables.push({ path, columns: [''], rows: single.map(([name, value]) => ({ name, cells: { '': value } })) });
  if (plans.length) {
    const columns = [...new Set(plans.flatMap(([, plan]) => Object.keys(plan)))];
    tables.push({ path, columns, rows: plans.map(([name, cells]) => ({ name, cells })) });
  }
  for (const [name, group] of deeper) tables.push(...priceTables(group, [...path, name]));
  return tables;
}

/** What a cell holds as the writer types it: a number while it reads as one, else the text (the check names what is wrong). */
export function cellValue(text: string, was: unknown): unknown {
  const trimmed = text.trim();
  if (typeof was !== 'string' && /^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

const errorsAt = (tree: ErrorSchema | undefined, parts: string[]): string[] => {
  let node: unknown = tree;
  for (const part of parts) node = isGroup(node) ? node[part] : undefined;
  const errors = isGroup(node) ? node.__errors : undefined;
  return Array.isArray(errors) ? (errors as string[]) : [];
};

/** A name as its heading shows it: `per-takedown` reads "per takedown", `5` reads "5". */
const words = (key: string) => key.replace(/-/g, ' ');

export function PriceTableField({ formData, fieldPathId, onChange, onBlur, errorSchema, disabled, readonly, schema }: FieldProps) {
  const catalogue = isGroup(formData) ? formData : {};
  const tables = priceTables(catalogue);
  const idOf = (parts: string[]) => [fieldPathId.$id, ...parts].join('_');
  return (
    <div className="editor-prices" id={fieldPathId.$id}>
      {schema.description && <p className="field-description">{schema.description}</p>}
      {tables.map((table) => {
        const tableId = idOf([...table.path, table.columns[0] === '' ? 'prices-table' : 'plans-table']);
        const caption = table.path.length ? table.path.map(words).join(' › ') : 'Prices';
        return (
          <div className="editor-prices__scroll" key={tableId}>
            <table className="editor-prices__table" id={tableId}>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col" id={`${tableId}-name`}>
                    Name
                  </th>
                  {table.columns.map((column) => (
                    <th scope="col" key={column} id={`${tableId}-col-${column}`}>
                      {column ? words(column) : 'Price'}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => {
                  const rowPath = [...table.path, row.name];
                  const rowId = `${tableId}-row-${row.name}`;
                  return (
                    <tr key={row.name}>
                      <th scope="row" id={rowId}>
                        {words(row.name)}
                      </th>
                      {table.columns.map((column) => {
                        const parts = column === '' ? rowPath : [...rowPath, column];
                        const id = idOf(parts);
                        if (!(column === '' || column in row.cells))
                          return (
                            <td key={column}>
                              <span className="visually-hidden">none</span>
                            </td>
                          );
                        const value = row.cells[column];
                        const errors = errorsAt(errorSchema, parts);
                        return (
                          <td key={column}>
                            <Fragment>
                              <input
                                id={id}
                                className="form-control editor-prices__input"
                                inputMode={typeof value === 'string' ? 'text' : 'decimal'}
                                value={value === undefined || value === null ? '' : String(value)}
                                disabled={disabled || readonly}
                                aria-labelledby={column === '' ? `${rowId} ${tableId}-col-` : `${rowId} ${tableId}-col-${column}`}
                                aria-invalid={errors.length ? true : undefined}
                                aria-describedby={errors.length ? `${id}__error` : undefined}
                                onChange={(event) => onChange(cellValue(event.target.value, value), [...fieldPathId.path, ...parts])}
                                onBlur={(event) => onBlur(id, event.target.value)}
                              />
                              {errors.length > 0 && (
                                <span id={`${id}__error`} className="editor-prices__error">
                                  {errors.join(' ')}
                                </span>
                              )}
                            </Fragment>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
