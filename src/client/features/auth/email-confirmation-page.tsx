// /email-confirmation?token_hash=...&type=email: loading, then success only when the server verified the token.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { authMessages } from '../../../shared/auth.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo, whatsappUrl } from '../../lib/use-site-info.ts';
import { confirmEmail } from './api/auth-mutations.ts';
import { LinkOutcome } from '../../components/link-outcome.tsx';

export default function EmailConfirmationPage() {
  useDocumentTitle('Confirm your e-mail');
  const [params] = useSearchParams();
  const tokenHash = params.get('token_hash') ?? '';
  const type = params.get('type') ?? '';
  const { data: site } = useSiteInfo();
  const result = useQuery({
    queryKey: ['confirm-email', tokenHash, type],
    queryFn: () => confirmEmail(tokenHash, type),
    retry: false,
    staleTime: Infinity,
  });

  if (result.isPending) return <PageSpinner label="Confirming your email..." />;
  const ok = result.isSuccess;
  // Opened in another browser than the one that signed up: the password chosen there no longer works.
  const choosePasswordToken = result.data?.choosePasswordToken;
  const message = ok
    ? choosePasswordToken
      ? authMessages.choosePassword
      : 'Your email address is confirmed.'
    : result.error instanceof ApiError && result.error.status === 400
      ? authMessages.confirmFailed
      : authMessages.confirmUnexpected;

  return (
    <LinkOutcome ok={ok} title={ok ? 'Email confirmed!' : 'Confirmation failed'} message={message}>
      <div className="mt-6 flex flex-col gap-2">
        {ok && choosePasswordToken ? (
          <Button asChild>
            <Link to={`${paths.resetPassword}?token=${encodeURIComponent(choosePasswordToken)}`}>
              Choose your password
            </Link>
          </Button>
        ) : ok ? (
          <Button asChild>
            <Link to={paths.login} state={{ message: authMessages.emailConfirmed }}>
              Continue to Login
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to={paths.home}>Go to Homepage</Link>
            </Button>
            {site && (
              <Button asChild variant="outline">
                <a href={whatsappUrl(site.whatsapp)} target="_blank" rel="noreferrer">
                  Contact Support on WhatsApp
                </a>
              </Button>
            )}
          </>
        )}
      </div>
    </LinkOutcome>
  );
}
