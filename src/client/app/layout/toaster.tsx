// Toasts last about 4 s, at most 3 visible (SPEC.md §9), in the page's theme. Loaded after the first paint.
import { Toaster } from 'sonner';
import { isDark, useTheme } from '../../lib/theme.ts';

export default function ThemedToaster() {
  const [theme] = useTheme();
  return (
    <Toaster
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      position="top-right"
      theme={isDark(theme) ? 'dark' : 'light'}
    />
  );
}
