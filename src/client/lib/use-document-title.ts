// Sets the page's own title and meta description (each public page has its own); on the server, hands them to
// the render (HeadContext), which writes them into the HTML's head.
import { createContext, useContext, useEffect } from 'react';
import { fullTitle } from '../../shared/paths.ts';
import { useStoreName } from './store-identity.ts';

/** Given while a page renders on the server (entry-server.tsx): told the title and description the page asks for. */
export type ReportHead = (head: { title: string; description: string | undefined }) => void;
export const HeadContext = createContext<ReportHead | null>(null);

export { fullTitle };

/** `title` and `description` may name the store: give them as functions of its name (a setting). */
export function useDocumentTitle(
  title: string | ((storeName: string) => string),
  description?: string | ((storeName: string) => string),
): void {
  const storeName = useStoreName();
  const full = fullTitle(typeof title === 'function' ? title(storeName) : title, storeName);
  const said = typeof description === 'function' ? description(storeName) : description;
  useContext(HeadContext)?.({ title: full, description: said });
  useEffect(() => {
    document.title = full;
    if (said) document.querySelector('meta[name="description"]')?.setAttribute('content', said);
  }, [full, said]);
}
