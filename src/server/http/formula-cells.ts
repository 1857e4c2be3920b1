// Spreadsheets run a cell that starts with = + - @ (or tab/CR) as a formula. The export prefixes such cells
// with a quote, the spreadsheet convention for "text", and the upload takes that quote off again, so that an
// exported file re-imports to exactly the stored values. A cell that itself starts with a quote gets one more
// on export, which keeps the pair exact for every value.
const NEEDS_QUOTE = /^[=+\-@\t\r']/;

/** A cell as the export writes it. */
export function neutraliseFormula(cell: string): string {
  return NEEDS_QUOTE.test(cell) ? `'${cell}` : cell;
}

/** A cell as the upload reads it: the export's quote removed. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && NEEDS_QUOTE.test(cell.slice(1)) ? cell.slice(1) : cell;
}
