/** The header dropdown's box: below the input, full width of the search box. */
export const PANEL_CLASS =
  'absolute inset-x-4 top-full z-50 mt-2 overflow-hidden rounded-2xl border bg-popover text-popover-foreground shadow-xl sm:inset-x-0';
