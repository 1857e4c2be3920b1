// One page of orders as a table that scrolls inside its own box on a phone.
import type { AdminOrder } from '../../../../../shared/admin-orders.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { shortOrderId } from '../../../../../shared/orders.ts';
import { formatDateTime } from '../../lib/form-values.ts';

export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border border-border" tabIndex={0} role="region" aria-label="Orders list">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="sticky top-0 bg-card text-muted-foreground">
          <tr className="border-b border-border">
            {['Date', 'Order', 'Customer', 'Product', 'Qty', 'Amount', 'Status'].map((c) => (
              <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-b border-border align-top last:border-b-0">
              <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">{formatDateTime(o.createdAt)}</td>
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
                {o.refundedKobo > 0 ? <span className="block text-xs text-muted-foreground">−{formatNaira(o.refundedKobo)} refunded</span> : null}
              </td>
              <td className="px-3 py-2 capitalize">{o.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
