// The Privacy Policy page: what we collect and why, retention periods, your rights, 30-day answers, 72-hour breach notice.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo } from '../../lib/use-site-info.ts';
import { useStoreName } from '../../lib/store-identity.ts';
import { Clause, StaticPage, textLink } from './static-page.tsx';

const retention = [
  {
    data: 'Account details (e-mail, name, password, signed-in devices)',
    period: 'While your account is open; removed at once when you delete your account',
  },
  {
    data: 'Orders, wallet top-ups and payments',
    period: '6 years, as Nigerian tax and accounting rules require',
  },
  { data: 'Messages to support', period: '2 years after the conversation ends' },
  { data: 'Security logs (sign-ins, IP addresses)', period: '90 days' },
];

export default function PrivacyPage() {
  useDocumentTitle(
    'Privacy Policy',
    (store) =>
      `How ${store} collects, uses, protects and retains your personal data, and how to exercise your rights.`,
  );
  const { data: site } = useSiteInfo();
  const storeName = useStoreName();
  const email = site ? (
    <a href={`mailto:${site.supportEmail}`} className={textLink}>
      {site.supportEmail}
    </a>
  ) : (
    'our support e-mail'
  );
  return (
    <StaticPage
      title="Privacy Policy"
      current={paths.privacy}
      intro="We collect only what we need to run your account, deliver your orders and keep the store safe, and we never sell your data."
    >
      <Clause id="collect" title="1. What we collect">
        <ul>
          <li>
            Account data: your e-mail address, a display name and your password (stored only as a
            secure hash).
          </li>
          <li>
            Wallet and order data: top-ups, purchases, references from our payment provider and what
            you bought.
          </li>
          <li>Messages you send us through the support, contact and quote forms.</li>
          <li>
            Technical data: sign-in times, browser type and IP address, used to protect your
            account.
          </li>
        </ul>
        <p>
          We never see or store your card details; payments are handled by our payment provider.
        </p>
      </Clause>
      <Clause id="use" title="2. How we use it">
        <ul>
          <li>To create your account, credit your wallet and deliver your purchases.</li>
          <li>To e-mail you order confirmations and the credentials you bought.</li>
          <li>To answer your messages and prevent fraud and abuse.</li>
        </ul>
      </Clause>
      <Clause id="sharing" title="3. Who we share it with">
        <p>
          Only with the services that help us run the store: our payment provider (to process
          top-ups) and our e-mail provider (to send your messages), each bound to protect it. We
          share data with authorities only when the law requires it.
        </p>
      </Clause>
      <Clause id="security" title="4. How we protect it">
        <p>
          Connections are encrypted, passwords are hashed, and account credentials in our stock are
          encrypted at rest and shown only to their buyer. Access to personal data is limited to
          staff who need it.
        </p>
      </Clause>
      <Clause id="retention" title="5. How long we keep it">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Retention periods</caption>
            <thead>
              <tr className="border-b border-border text-foreground">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Data
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Kept for
                </th>
              </tr>
            </thead>
            <tbody>
              {retention.map((r) => (
                <tr key={r.data} className="border-b border-border">
                  <td className="py-2 pr-4 align-top">{r.data}</td>
                  <td className="py-2 align-top">{r.period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Clause>
      <Clause id="rights" title="6. Your rights">
        <p>Under the Nigeria Data Protection Act, you may:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted when we no longer need to keep it;</li>
          <li>
            correct your name and e-mail, sign out your other devices and delete your account
            yourself, in{' '}
            <Link to={paths.profile} className={textLink}>
              Profile Settings
            </Link>{' '}
            (orders and payments stay in our books without your name, for the period above);
          </li>
          <li>object to or restrict how we use it, and withdraw consent at any time;</li>
          <li>receive your data in a portable format;</li>
          <li>complain to the Nigeria Data Protection Commission.</li>
        </ul>
        <p>
          Send privacy requests to {email}. We answer every request <strong>within 30 days</strong>.
        </p>
      </Clause>
      <Clause id="breach" title="7. If something goes wrong">
        <p>
          If a data breach puts your personal data at risk, we notify the regulator and tell
          affected users <strong>within 72 hours</strong> of becoming aware of it, with what
          happened and what to do.
        </p>
      </Clause>
      <Clause id="cookies" title="8. Cookies and storage">
        <p>
          We use one essential cookie to keep you signed in, and your browser's storage to remember
          your light or dark theme and a pending top-up. We use no advertising or tracking cookies.
        </p>
      </Clause>
      <Clause id="children" title="9. Children">
        <p>
          {storeName} is for adults. We do not knowingly collect data from anyone under 18; see our{' '}
          <Link to={paths.terms} className={textLink}>
            Terms of Service
          </Link>
          .
        </p>
      </Clause>
    </StaticPage>
  );
}
