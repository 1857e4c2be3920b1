// One page of orders as a table that scrolls inside its own box on a phone.
import type { AdminOrder } from '../../../../../shared/admin-orders.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { shortOrderId } from '../../../../../shared/orders.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { ScrollTable } from '../scroll-table.tsx';

export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <ScrollTable
      label="Orders list"
      caption="Orders"
      columns={['Date', 'Order', 'Customer', 'Product', 'Qty', 'Amount', 'Status']}
      minWidth="min-w-[48rem]"
    >
      {orders.map((o) => (
        <tr key={o.id} className="border-b border-border align-top last:border-b-0">
          <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
            {formatDateTime(o.createdAt)}
          </td>
          <td className="px-3 py-2 font-mono text-xs" title={o.id}>
            {shortOrderId(o.id)}
          </td>
          <td className="max-w-52 break-all px-3 py-2">{o.customerEmail}</td>
          <td className="px-3 py-2">
            {o.productName}
            <span className="block text-xs text-muted-foreground">{o.categoryName}</span>
          </td>
          <td className="px-3 py-2 tabular-nums">{o.quantity}</td>
          <td className="whitespace-nowrap px-3 py-2 tabular-nums">
            {formatNaira(o.amountKobo)}
            {o.refundedKobo > 0 ? (
              <span className="block text-xs text-muted-foreground">
                −{formatNaira(o.refundedKobo)} refunded
              </span>
            ) : null}
          </td>
          <td className="px-3 py-2 capitalize">{o.status}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
