-- Closes the sales rollup's hours (orders/sales-hours.tables.ts) up to the hour that ended at least 15 minutes ago:
-- a purchase's order carries its transaction's start time, so an hour is summed only once every purchase begun in
-- it has long committed. Each hour closed is added to its shop day (sales_days) in the same transaction. Called
-- when the Overview is read; a second caller at the same moment skips (SKIP LOCKED) and reads with the watermark as
-- it was, which is as exact. Returns the watermark.
CREATE OR REPLACE FUNCTION roll_sales_hours() RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  v_through timestamptz;
  v_target timestamptz := date_trunc('hour', now() - interval '15 minutes', 'UTC');
BEGIN
  SELECT sales_through INTO v_through FROM sales_rollup WHERE id = 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR v_through >= v_target THEN
    RETURN (SELECT sales_through FROM sales_rollup WHERE id = 1);
  END IF;
  INSERT INTO sales_hours (hour, product_group_id, orders, units, revenue_kobo)
    SELECT date_trunc('hour', created_at, 'UTC'), product_group_id, count(*), sum(quantity), sum(amount_kobo)
      FROM orders
     WHERE status = 'completed' AND created_at >= v_through AND created_at < v_target
     GROUP BY 1, 2;
  INSERT INTO sales_days AS d (day, product_group_id, orders, units, revenue_kobo)
    SELECT date_trunc('day', hour, 'Africa/Lagos'), product_group_id, sum(orders), sum(units), sum(revenue_kobo)
      FROM sales_hours
     WHERE hour >= v_through AND hour < v_target
     GROUP BY 1, 2
  ON CONFLICT (day, product_group_id) DO UPDATE
    SET orders = d.orders + excluded.orders, units = d.units + excluded.units,
        revenue_kobo = d.revenue_kobo + excluded.revenue_kobo;
  UPDATE sales_rollup SET sales_through = v_target WHERE id = 1;
  RETURN v_target;
END $$;
