// Marketing: promo codes and the referral programme.
import { ReferralProgramme } from '../components/payments/referral-programme.tsx';
import { PromotionsTab } from '../components/promotions/promotions-tab.tsx';
import type { ViewProps } from '../console-sections.tsx';

export const PromotionsView = ({ catalogue }: ViewProps) => <PromotionsTab catalogue={catalogue} />;
export const ReferralsView = () => <ReferralProgramme />;
