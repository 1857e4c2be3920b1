// Cycles the theme light → dark → system; the label says what a press will do.
import { useTheme, type Theme } from '../../lib/theme.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { MonitorIcon, MoonIcon, SunIcon } from './shell-icons.tsx';

const next: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };
const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const Icon = icons[theme];
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', size: 'icon' })}
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme}`}
      onClick={() => setTheme(next[theme])}
    >
      <Icon className="h-5 w-5" />
    </button>
  );
}
