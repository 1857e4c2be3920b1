// One page of orders: a table from md up, a card per order on phones (customer, amount and status in view).
import type { AdminOrder } from '../../../../../shared/admin-orders.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { shortOrderId } from '../../../../../shared/orders.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { Cell, DataTable, Row } from '../data-table.tsx';

export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <DataTable
      caption="Orders"
      columns={['Product', 'Customer', 'Qty', 'Amount', 'Status', 'Order', 'Date']}
    >
      {orders.map((o) => (
        <Row key={o.id} className="md:align-top">
          <Cell label="Product" isTitle>
            {o.productName}
            <span className="block text-xs font-normal text-muted-foreground">
              {o.categoryName}
            </span>
          </Cell>
          <Cell label="Customer" className="min-w-0 md:max-w-56">
            <span className="min-w-0 break-words [overflow-wrap:anywhere]">{o.customerEmail}</span>
          </Cell>
          <Cell label="Qty" className="tabular-nums">
            {o.quantity}
          </Cell>
          <Cell label="Amount" className="tabular-nums md:whitespace-nowrap">
            <span>
              {formatNaira(o.amountKobo)}
              {o.promoCode ? (
                <span className="block text-xs text-muted-foreground">
                  {o.promoCode} −{formatNaira(o.discountKobo)}
                </span>
              ) : null}
              {o.refundedKobo > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  −{formatNaira(o.refundedKobo)} refunded
                </span>
              ) : null}
            </span>
          </Cell>
          <Cell label="Status" className="capitalize">
            {o.status}
          </Cell>
          <Cell label="Order" className="font-mono text-xs" title={o.id}>
            {shortOrderId(o.id)}
          </Cell>
          <Cell label="Date" className="text-muted-foreground md:whitespace-nowrap">
            {formatDateTime(o.createdAt)}
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}
