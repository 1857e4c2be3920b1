// Cycles the theme light → dark → system; the label says what a press will do.
import { useTheme, type Theme } from '../../lib/theme.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { MonitorIcon, MoonIcon, SunIcon } from './shell-icons.tsx';

const next: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', size: 'icon' })}
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme}`}
      onClick={() => setTheme(next[theme])}
    >
      {/* All three, each shown by the saved theme itself (styles.css): right before the app has run, too. */}
      <SunIcon className="hidden h-5 w-5 theme-light:block" />
      <MoonIcon className="hidden h-5 w-5 theme-dark:block" />
      <MonitorIcon className="hidden h-5 w-5 theme-system:block" />
    </button>
  );
}
