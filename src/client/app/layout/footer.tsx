// The footer: categories, company and help links, copyright.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useStoreName } from '../../lib/store-identity.ts';

const groups = [
  {
    title: 'Categories',
    links: [
      { to: paths.category('instagram'), label: 'Instagram' },
      { to: paths.category('tiktok'), label: 'TikTok' },
      { to: paths.category('youtube'), label: 'YouTube' },
      { to: paths.category('twitter'), label: 'Twitter' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About Us' },
      { to: paths.webServices, label: 'Web Services' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: paths.support, label: 'Support' },
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      // The server's own page (api-v1/developers-page.ts), not one of the app's: a full load.
      { to: paths.developers, label: 'Reseller API', reloadDocument: true },
    ],
  },
];

export function Footer() {
  const storeName = useStoreName();
  return (
    <footer id="site-footer" className="border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{storeName}</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Ready-made social media accounts, paid from your naira wallet and delivered instantly.
          </p>
          <Link
            to={paths.products}
            className="mt-3 inline-block text-sm font-medium text-primary underline"
          >
            Browse products
          </Link>
        </div>
        {groups.map((g) => (
          <div key={g.title}>
            <p className="font-semibold">{g.title}</p>
            <ul className="mt-2 space-y-1.5">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    reloadDocument={'reloadDocument' in l}
                    className="text-sm text-muted-foreground hover:text-foreground"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-border py-4 text-center text-sm text-muted-foreground">
        {/* This year, as the browser knows it: a page rendered last December and kept says so until it runs. */}
        © <span>{new Date().getFullYear()}</span> {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
