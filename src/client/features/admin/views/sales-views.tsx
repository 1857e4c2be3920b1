// Sales: the orders and the customers' reports of bad accounts.
import { OrdersTab } from '../components/orders/orders-tab.tsx';
import { ReportsTab } from '../components/reports/reports-tab.tsx';

export const OrdersView = () => <OrdersTab />;
export const ReportsView = () => <ReportsTab />;
