// The Terms of Service page (version 1.0): age, wallet, delivery within 24 hours, refunds, acceptable use.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo } from '../../lib/use-site-info.ts';
import { useStoreName } from '../../lib/store-identity.ts';
import { Clause, StaticPage, textLink } from './static-page.tsx';

const TERMS_VERSION = '1.0';

export default function TermsPage() {
  useDocumentTitle(
    'Terms of Service',
    (store) =>
      `The terms for using ${store}: eligibility, wallet payments, delivery, refunds and acceptable use.`,
  );
  const { data: site } = useSiteInfo();
  const store = useStoreName();
  return (
    <StaticPage
      title="Terms of Service"
      meta={`Version ${TERMS_VERSION}`}
      current={paths.terms}
      intro={`These terms apply whenever you browse ${store}, create an account, top up your wallet or buy from us. Please read them before you buy.`}
    >
      <Clause id="acceptance" title="1. Acceptance of these terms">
        <p>
          By creating an account or making a purchase you agree to these terms and to our{' '}
          <Link to={paths.privacy} className={textLink}>
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the store.
        </p>
      </Clause>
      <Clause id="eligibility" title={`2. Who may use ${store}`}>
        <p>
          You must be <strong>at least 18 years old</strong> to create an account or make a
          purchase. By registering you confirm that you are 18 or older and that the details you
          give us are true.
        </p>
      </Clause>
      <Clause id="account" title="3. Your account">
        <ul>
          <li>Keep your password secret; you are responsible for what happens in your account.</li>
          <li>Tell us at once if you think someone else has used your account.</li>
          <li>We may suspend accounts used for fraud or abuse.</li>
        </ul>
      </Clause>
      <Clause id="wallet" title="4. Wallet and payments">
        <p>
          Prices are in naira (₦). You pay from a prepaid wallet that you top up by card, bank
          transfer, USSD or QR code through our payment provider. A top-up is credited only after
          the provider confirms the payment. We charge no processing fee on purchases.
        </p>
      </Clause>
      <Clause id="delivery" title="5. Delivery">
        <p>
          Login details are normally shown on screen the moment your purchase completes, and you can
          download them or have them e-mailed from your order history. In every case, we deliver{' '}
          <strong>within 24 hours</strong> of a completed purchase.
        </p>
      </Clause>
      <Clause id="refunds" title="6. Refunds">
        <ul>
          <li>
            If an order is <strong>not delivered within 48 hours</strong>, you are entitled to a
            full refund.
          </li>
          <li>
            Approved refunds are processed within <strong>5-7 business days</strong>.
          </li>
        </ul>
      </Clause>
      <Clause id="use" title="7. Acceptable use">
        <p>
          You agree to use purchased accounts lawfully and not for fraud, harassment, spam or
          impersonation. You are responsible for following the rules of each social media platform.
          We may refuse or cancel orders that break these terms.
        </p>
      </Clause>
      <Clause id="liability" title="8. Limitation of liability">
        <p>
          We check every account before it is listed, but we do not control the social media
          platforms and cannot guarantee how they treat an account after delivery. Our liability for
          any order is limited to the amount you paid for it.
        </p>
      </Clause>
      <Clause id="changes" title="9. Changes to these terms">
        <p>
          We may update these terms; the version number above changes when we do. Purchases are
          governed by the terms in force at the time of purchase.
        </p>
      </Clause>
      <Clause id="contact" title="10. Contact">
        <p>
          Questions about these terms? Write to{' '}
          {site ? (
            <a href={`mailto:${site.supportEmail}`} className={textLink}>
              {site.supportEmail}
            </a>
          ) : (
            'our support e-mail'
          )}{' '}
          or use our{' '}
          <Link to={paths.contact} className={textLink}>
            contact form
          </Link>
          .
        </p>
      </Clause>
    </StaticPage>
  );
}
