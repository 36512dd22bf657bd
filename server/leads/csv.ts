import { spreadsheetSafe } from './display-safe';

/**
 * One CSV cell: invisible characters shown as \uXXXX and formulas neutralised (see
 * display-safe.ts), then RFC 4180 quoting when the cell holds a comma, semicolon, quote or line
 * break, doubling inner quotes.
 */
export function csvCell(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF line end, as RFC 4180 asks and spreadsheets expect; line breaks inside cells stay as typed. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
