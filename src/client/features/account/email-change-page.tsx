// /email-change?token=...: the link sent to a new address; the address changes only when the server used it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '../../../shared/account.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { meQueryKey } from '../../lib/use-me.ts';
import { LinkOutcome } from '../../components/link-outcome.tsx';
import { confirmEmailChange } from '../../lib/account-api.ts';

export default function EmailChangePage() {
  useDocumentTitle('Confirm your new e-mail');
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['email-change', token],
    queryFn: () => confirmEmailChange(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useEffect(() => {
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [result.isSuccess, queryClient]);

  if (result.isPending) return <PageSpinner label="Confirming your new e-mail..." />;
  const ok = result.isSuccess;
  return (
    <LinkOutcome
      ok={ok}
      title={ok ? 'E-mail changed' : 'E-mail not changed'}
      message={
        ok
          ? `Your account's e-mail address is now ${result.data.email}.`
          : result.error.message || accountMessages.emailChangeInvalid
      }
    >
      <Button asChild className="mt-6 w-full">
        <Link to={paths.profile}>Go to Profile</Link>
      </Button>
    </LinkOutcome>
  );
}
