ALTER TABLE "orders" DROP CONSTRAINT "orders_product_group_id_product_groups_id_fk";
