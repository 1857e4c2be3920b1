// Every CSV the store hands out goes through here: the header row and every cell are neutralised the same way
// (a spreadsheet runs a cell starting with = + - @ as a formula; see formula-cells.ts), so that no name
// or key an admin or customer typed, header or detail key included, reaches a file as a formula.
import { stringify, type Stringifier } from 'csv-stringify';
import { neutraliseFormula } from './formula-cells.ts';

const cell = (value: unknown) => neutraliseFormula(String(value));

/** A CSV stream whose first row is `header`; write rows (arrays of cells) to it, then end it. */
export function csvExport(header: readonly string[]): Stringifier {
  const csv = stringify({
    cast: {
      string: cell,
      number: cell,
      bigint: cell,
      boolean: cell,
      date: (d) => cell(d.toISOString()),
    },
  });
  csv.write([...header]);
  return csv;
}
