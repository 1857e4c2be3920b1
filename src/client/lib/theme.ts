// Light / dark / system theme, stored in local storage (default light), applied to <html>; one shared store.
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
const KEY = 'theme';
const listeners = new Set<() => void>();

function readTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  return saved === 'dark' || saved === 'system' ? saved : 'light';
}

export function isDark(theme: Theme): boolean {
  return (
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  );
}

function applyTheme(theme: Theme): void {
  const dark = isDark(theme);
  document.documentElement.dataset.theme = theme;
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  applyTheme(theme);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const mq = window.matchMedia('(prefers-color-scheme: dark)');
  const onSystemChange = () => {
    if (readTheme() === 'system') applyTheme('system');
    listener();
  };
  mq.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    mq.removeEventListener('change', onSystemChange);
  };
}

export function useTheme(): [Theme, (t: Theme) => void] {
  // A server-rendered page is drawn in the default; the hydrating render starts from the same, then shows the saved one.
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as const);
  return [theme, setTheme];
}
