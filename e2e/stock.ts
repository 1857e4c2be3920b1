// e2e fixture: stock for a template, sent as the console's Bulk Upload sends it (the CSV upload's route).
import { expect, type Page } from '@playwright/test';

const CSV_HEADER = 'Username,Email,Password,Email_Password,Two_FA,Followers,Bio';

/** The id of the template named `template`, read from the console's catalogue (the admin's page). */
export async function templateId(admin: Page, template: string): Promise<string> {
  const catalogue = await admin.request.get('/api/admin/catalogue');
  const { productGroups } = (await catalogue.json()) as {
    productGroups: { id: string; name: string }[];
  };
  return productGroups.find((g) => g.name === template)!.id;
}

/** Uploads `count` accounts named `<prefix>_<i>` into the template `groupId`, as the signed-in admin of `admin`. */
export async function uploadAccounts(
  admin: Page,
  groupId: string,
  prefix: string,
  count: number,
): Promise<void> {
  const rows = Array.from(
    { length: count },
    (_, i) => `${prefix}_${i},${prefix}${i}@mail.example,pw${i},,,,`,
  );
  const upload = await admin.request.post(`/api/admin/product-groups/${groupId}/upload`, {
    headers: { 'content-type': 'text/csv' },
    data: [CSV_HEADER, ...rows].join('\n'),
  });
  expect(upload.ok(), await upload.text()).toBe(true);
}
