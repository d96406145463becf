import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { THEMES, useTheme, type Theme } from '../../lib/theme';
import { THEME_ICONS, THEME_LABELS, ThemeButton } from './theme-button';

export { THEME_ICONS, THEME_LABELS };

/** The Light / Dark / System choices as radio items, for any menu. */
export function ThemeRadioItems() {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
      {THEMES.map((t) => {
        const Icon = THEME_ICONS[t];
        return (
          <DropdownMenuRadioItem key={t} value={t}>
            <Icon aria-hidden="true" />
            {THEME_LABELS[t]}
          </DropdownMenuRadioItem>
        );
      })}
    </DropdownMenuRadioGroup>
  );
}

/** Header button with the theme choices; `defaultOpen` when a tap on its stand-in asked for it. */
export function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuLabel className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <ThemeRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
