// /payment-success (result page B): the reference from the query string or, failing that, the stored pending top-up;
// the server's verified answer decides between 'Payment Successful' and 'Payment Failed'.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatNaira } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { walletMessages } from '../../../shared/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo } from '../../lib/use-site-info.ts';
import { readPendingTopup } from '../../lib/topup/pending-topup.ts';
import { PaymentDetails, PaymentStatusBadge, ResultShell } from './components/result-shell.tsx';
import { readReference, splitTitled, successReferenceParams } from './lib/read-reference.ts';
import { useTopupVerification } from './lib/use-topup-verification.ts';

const [, failedText] = splitTitled(walletMessages.paymentFailed);
const [, verificationText] = splitTitled(walletMessages.verificationError);

export default function PaymentSuccessPage() {
  useDocumentTitle('Payment Status');
  const [params] = useSearchParams();
  // Read once: a successful check clears the stored pending top-up this page may have fallen back to.
  const [reference] = useState(
    () =>
      readReference(params, successReferenceParams) ??
      readPendingTopup()?.transactionReference ??
      null,
  );
  const result = useTopupVerification(reference);
  const supportEmail = useSiteInfo().data?.supportEmail;

  const footer = (
    <>
      <Button asChild>
        <Link to={paths.wallet}>Back to Wallet</Link>
      </Button>
    </>
  );
  const help = supportEmail ? (
    <p className="text-sm">
      Need help? Contact us at{' '}
      <a
        className="font-medium text-primary underline-offset-4 hover:underline"
        href={`mailto:${supportEmail}`}
      >
        {supportEmail}
      </a>
    </p>
  ) : null;

  if (reference && result.state === 'loading') {
    return (
      <ResultShell tone="loading" title="Verifying Payment">
        <p>Please wait while we confirm your payment…</p>
      </ResultShell>
    );
  }
  if (reference && result.state === 'success') {
    const { check } = result;
    return (
      <ResultShell
        tone="success"
        title="Payment Successful"
        badge={<PaymentStatusBadge status="completed" />}
        actions={footer}
      >
        <p>
          {check.alreadyCredited
            ? walletMessages.alreadyProcessed
            : `${formatNaira(check.amountKobo)} has been added to your wallet.`}
        </p>
        <PaymentDetails check={check} showBalance />
        {help}
      </ResultShell>
    );
  }
  if (reference && result.state === 'pending') {
    return (
      <ResultShell
        tone="pending"
        title="Payment Pending"
        badge={<PaymentStatusBadge status="pending" />}
        actions={footer}
      >
        <p>Your wallet will be credited automatically once the payment completes.</p>
        <PaymentDetails check={result.check} />
        {help}
      </ResultShell>
    );
  }
  const failed = reference && result.state === 'failed' ? result : null;
  const check = failed?.check ?? null;
  const message = !reference
    ? walletMessages.noReference
    : check
      ? (check.message ?? failedText)
      : verificationText;
  return (
    <ResultShell
      tone="failed"
      title="Payment Failed"
      badge={<PaymentStatusBadge status={check?.status === 'expired' ? 'expired' : 'failed'} />}
      actions={
        failed ? (
          <>
            <Button onClick={failed.recheck} disabled={failed.isChecking}>
              {failed.isChecking ? 'Checking…' : 'Check Again'}
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.wallet}>Back to Wallet</Link>
            </Button>
          </>
        ) : (
          footer
        )
      }
    >
      <p>{message}</p>
      {failed ? <p className="text-sm">{walletMessages.paidButFailed}</p> : null}
      {check ? <PaymentDetails check={check} /> : null}
      {help}
    </ResultShell>
  );
}
