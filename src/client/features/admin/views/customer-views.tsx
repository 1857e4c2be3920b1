// Customers: the users (wallets, keys, referrals) and the contact form's inbox.
import { InboxTab } from '../components/inbox/inbox-tab.tsx';
import { UsersTab } from '../components/users/users-tab.tsx';

export const UsersView = () => <UsersTab />;
export const InboxView = () => <InboxTab />;
