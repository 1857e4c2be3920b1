// Catalogue: templates, their accounts, adding one or a CSV of them, and the categories.
import { AddProductTab } from '../components/add-product/add-product-tab.tsx';
import { BulkUploadTab } from '../components/bulk-upload/bulk-upload-tab.tsx';
import { CategoriesTab } from '../components/categories/categories-tab.tsx';
import { ProductGroupsTab } from '../components/product-groups/product-groups-tab.tsx';
import { ProductsTab } from '../components/products/products-tab.tsx';
import type { ViewProps } from '../console-sections.tsx';

export const TemplatesView = ({ catalogue }: ViewProps) => (
  <ProductGroupsTab catalogue={catalogue} />
);
export const AccountsView = ({ catalogue }: ViewProps) => (
  <ProductsTab productGroups={catalogue.productGroups} />
);
export const AddView = ({ catalogue }: ViewProps) => (
  <AddProductTab categories={catalogue.categories} />
);
export const BulkUploadView = ({ catalogue }: ViewProps) => (
  <BulkUploadTab productGroups={catalogue.productGroups} />
);
export const CategoriesView = ({ catalogue }: ViewProps) => (
  <CategoriesTab categories={catalogue.categories} />
);
