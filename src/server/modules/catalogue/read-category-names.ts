// What other modules show of a category by id: its name (the Activity view's lines), one query for a page.
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { categories } from './catalogue.tables.ts';

export function readCategoryNames(db: Db | Tx, categoryIds: readonly string[]) {
  return readByIds(categoryIds, (ids) =>
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, ids)),
  );
}
