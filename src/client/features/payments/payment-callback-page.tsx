// /payment-callback (result page A): where the provider sends the customer back. The status in the query string is
// only a hint; the server's verified answer decides what this page shows.
import { useSearchParams, Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { walletMessages } from '../../../shared/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PaymentDetails, ResultShell } from './components/result-shell.tsx';
import { callbackReferenceParams, readReference, splitTitled } from './lib/read-reference.ts';
import { useTopupVerification } from './lib/use-topup-verification.ts';

const [errorTitle, errorText] = splitTitled(walletMessages.verificationError);
const [, failedText] = splitTitled(walletMessages.paymentFailed);

export default function PaymentCallbackPage() {
  useDocumentTitle('Payment Status');
  const [params] = useSearchParams();
  const reference = readReference(params, callbackReferenceParams);
  const result = useTopupVerification(reference);

  const supportActions = (
    <>
      <Button asChild>
        <Link to={paths.support}>Contact Support</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.wallet}>Go to Wallet</Link>
      </Button>
    </>
  );

  if (!reference) {
    return (
      <ResultShell tone="error" title={errorTitle} actions={supportActions}>
        <p>{walletMessages.noReference}</p>
      </ResultShell>
    );
  }
  if (result.state === 'loading') {
    return (
      <ResultShell tone="loading" title="Verifying Payment">
        <p>Please wait while we confirm your payment with the payment provider…</p>
      </ResultShell>
    );
  }
  if (result.state === 'error') {
    const notFound = result.error instanceof ApiError && result.error.status === 404;
    return (
      <ResultShell tone="error" title={errorTitle} actions={supportActions}>
        <p>{errorText}</p>
        {notFound ? <p className="text-sm">{walletMessages.paymentNotFound}</p> : null}
      </ResultShell>
    );
  }
  if (result.state === 'pending') {
    return (
      <ResultShell
        tone="pending"
        title="Payment Pending"
        actions={
          <>
            <Button onClick={result.recheck}>Check Again</Button>
            <Button asChild variant="outline">
              <Link to={paths.wallet}>Go to Wallet</Link>
            </Button>
          </>
        }
      >
        <p>
          The payment provider has not confirmed this payment yet. You can leave this page: your
          wallet will be credited automatically once the payment completes.
        </p>
        <PaymentDetails check={result.check} />
      </ResultShell>
    );
  }
  if (result.state === 'failed') {
    return (
      <ResultShell
        tone="failed"
        title="Payment Failed"
        actions={
          <>
            <Button onClick={result.recheck} disabled={result.isChecking}>
              {result.isChecking ? 'Checking…' : 'Check Again'}
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.wallet}>Try Again</Link>
            </Button>
          </>
        }
      >
        <p>{result.check.message ?? failedText}</p>
        <p className="text-sm">{walletMessages.paidButFailed}</p>
        <PaymentDetails check={result.check} />
      </ResultShell>
    );
  }
  const { check } = result;
  return (
    <ResultShell
      tone="success"
      title={check.alreadyCredited ? walletMessages.alreadyProcessed : 'Payment Successful!'}
      actions={
        <>
          <Button asChild>
            <Link to={paths.wallet}>Go to Wallet</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.dashboard}>Go to Dashboard</Link>
          </Button>
        </>
      }
    >
      <p>
        {check.alreadyCredited
          ? 'This payment was already added to your wallet.'
          : 'Your payment was confirmed and your wallet has been credited.'}
      </p>
      <PaymentDetails check={check} showBalance />
    </ResultShell>
  );
}
