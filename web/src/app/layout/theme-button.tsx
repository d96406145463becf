import { Monitor, Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';
import { useTheme, type Theme } from '../../lib/theme';

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The header's theme button: the menu's trigger, and its stand-in until the menu has loaded. */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { theme, resolvedTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[theme]}`} {...props}>
      <Icon className="size-5!" aria-hidden="true" />
    </Button>
  );
}
