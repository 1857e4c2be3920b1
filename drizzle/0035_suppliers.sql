CREATE TABLE "supplier_listings" (
	"product_group_id" uuid PRIMARY KEY NOT NULL,
	"supplier_product_id" uuid NOT NULL,
	"markup_basis_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_listings_markup" CHECK ("supplier_listings"."markup_basis_points" is null or "supplier_listings"."markup_basis_points" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "supplier_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"upstream_id" text NOT NULL,
	"name" text NOT NULL,
	"category_name" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"stock_count" integer NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"max_order_quantity" integer,
	"offered" boolean DEFAULT true NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_products_price_not_negative" CHECK ("supplier_products"."price_kobo" >= 0),
	CONSTRAINT "supplier_products_stock_not_negative" CHECK ("supplier_products"."stock_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_enc" "bytea" NOT NULL,
	"key_hint" text NOT NULL,
	"webhook_secret_enc" "bytea",
	"low_balance_kobo" bigint DEFAULT 1000000 NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"balance_kobo" bigint,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_status" CHECK ("suppliers"."status" in ('ok', 'key_refused', 'unreachable')),
	CONSTRAINT "suppliers_low_balance_not_negative" CHECK ("suppliers"."low_balance_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "upstream_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"supplier_product_id" uuid NOT NULL,
	"upstream_product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"upstream_order_id" text,
	"refusal" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "upstream_purchases_status" CHECK ("upstream_purchases"."status" in ('pending', 'delivered', 'refused')),
	CONSTRAINT "upstream_purchases_quantity_positive" CHECK ("upstream_purchases"."quantity" >= 1),
	CONSTRAINT "upstream_purchases_settled" CHECK (("upstream_purchases"."status" = 'pending') = ("upstream_purchases"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "supplier_listings" ADD CONSTRAINT "supplier_listings_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_listings" ADD CONSTRAINT "supplier_listings_supplier_product_id_supplier_products_id_fk" FOREIGN KEY ("supplier_product_id") REFERENCES "public"."supplier_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_purchases" ADD CONSTRAINT "upstream_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_purchases" ADD CONSTRAINT "upstream_purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_purchases" ADD CONSTRAINT "upstream_purchases_supplier_product_id_supplier_products_id_fk" FOREIGN KEY ("supplier_product_id") REFERENCES "public"."supplier_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_listings_product_key" ON "supplier_listings" USING btree ("supplier_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_products_upstream_key" ON "supplier_products" USING btree ("supplier_id","upstream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_base_url_key" ON "suppliers" USING btree ("base_url");--> statement-breakpoint
CREATE UNIQUE INDEX "upstream_purchases_order_key" ON "upstream_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upstream_purchases_idempotency_key" ON "upstream_purchases" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "upstream_purchases_due_idx" ON "upstream_purchases" USING btree ("next_attempt_at") WHERE "upstream_purchases"."status" = 'pending';