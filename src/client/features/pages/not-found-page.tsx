// The 404 page for any unknown path; the path is logged for whoever looks at the console.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
  }, [location.pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <p className="mt-2 text-muted-foreground">
        There is nothing at <code className="rounded bg-muted px-1">{location.pathname}</code>.
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
