// Settings: the store (name, logo, contacts, bot, referral, warranty, low stock), payments (the provider and the
// top-ups needing attention), suppliers whose stock the store resells, owner alerts, e-mail failures, and the
// Activity trail of what admins changed.
import { ActivityTab } from '../components/activity/activity-tab.tsx';
import { AlertSettingsCard } from '../components/alerts/alert-settings-card.tsx';
import { EmailFailuresTab } from '../components/emails/email-failures-tab.tsx';
import { PaymentSetup } from '../components/payments/payment-setup.tsx';
import { PaymentsAttention } from '../components/payments/payments-attention.tsx';
import { StoreSettings } from '../components/settings/store-settings.tsx';
import { SuppliersPanel } from '../components/suppliers/suppliers-panel.tsx';
import type { ViewProps } from '../console-sections.tsx';

export const StoreView = () => <StoreSettings />;

export const PaymentsView = () => (
  <div className="space-y-10">
    <PaymentsAttention />
    <PaymentSetup />
  </div>
);
export const AlertsView = () => <AlertSettingsCard />;
export const EmailsView = () => <EmailFailuresTab />;
export const ActivityView = () => <ActivityTab />;
export const SuppliersView = ({ catalogue }: ViewProps) => <SuppliersPanel catalogue={catalogue} />;
