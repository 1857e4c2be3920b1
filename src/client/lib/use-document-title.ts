// Sets the page's own title and meta description (each public page has its own).
import { useEffect } from 'react';

export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title.includes('AcctStore') ? title : `${title} | AcctStore`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
