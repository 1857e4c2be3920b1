// Sets the page's own title and meta description (each public page has its own); on the server, hands them to
// the render (HeadContext), which writes them into the HTML's head.
import { createContext, useContext, useEffect } from 'react';
import { fullTitle } from '../../shared/paths.ts';

/** Given while a page renders on the server (entry-server.tsx): told the title and description the page asks for. */
export type ReportHead = (head: { title: string; description: string | undefined }) => void;
export const HeadContext = createContext<ReportHead | null>(null);

export { fullTitle };

export function useDocumentTitle(title: string, description?: string): void {
  useContext(HeadContext)?.({ title: fullTitle(title), description });
  useEffect(() => {
    document.title = fullTitle(title);
    if (description)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
