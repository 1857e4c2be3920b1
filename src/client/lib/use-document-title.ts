// Sets the page's own title and meta description (each public page has its own); on the server, hands them to
// the render (HeadContext), which writes them into the HTML's head.
import { createContext, useContext, useEffect } from 'react';

/** Filled while a page renders on the server (entry-server.tsx): the title and description it asked for. */
export type HeadCollector = { title?: string; description?: string };
export const HeadContext = createContext<HeadCollector | null>(null);

export function fullTitle(title: string): string {
  return title.includes('AcctStore') ? title : `${title} | AcctStore`;
}

export function useDocumentTitle(title: string, description?: string): void {
  const head = useContext(HeadContext);
  if (head) {
    head.title = fullTitle(title);
    head.description = description;
  }
  useEffect(() => {
    document.title = fullTitle(title);
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
