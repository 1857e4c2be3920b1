// Cycles the theme light → dark → system; the label says what a press will do.
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme, type Theme } from '../../lib/theme.ts';
import { Button } from '../../components/ui/button.tsx';

const next: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };
const icons = { light: Sun, dark: Moon, system: Monitor };

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const Icon = icons[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme}`}
      onClick={() => setTheme(next[theme])}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </Button>
  );
}
