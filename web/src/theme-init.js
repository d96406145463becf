/* global window, document */
// Runs synchronously in <head> before the first paint so a stored dark theme never flashes light.
// Mirrors src/lib/theme.tsx (storage key "theme": "light" | "dark" | "system", default "system").
(function () {
  var theme = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch (e) {
    // storage unavailable (private mode): follow the system
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#1c1714' : '#fcf8f3');
})();
