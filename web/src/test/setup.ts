import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { PAGE_DATA_ID } from '@plates/common';
import { resetToasts } from '../components/ui/use-toast';
import { resetPageAnswers } from '../lib/page-data';
import { setRealtimeLive, setRealtimeStatus } from '../lib/realtime-events';
import { signInPromptStore } from '../features/auth';
import { messagesStore } from '../features/chat';
import { consoleErrors } from './console';
import { preloadToaster } from '../components/ui/deferred-toaster';

// jsdom lacks a few browser APIs Radix and the theme rely on.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// No realtime socket in component tests (jsdom would really try to reach a server); the socket
// module's own test imports the actual one with vi.importActual. Tests emit server events through
// lib/realtime-events.ts, as the socket does (see ./chat.ts emitSocketEvent), and the socket
// reads as not connected (polling fallbacks on) unless a test says otherwise.
vi.mock('../lib/socket', () => ({ startRealtime: () => null, stopRealtime: () => {} }));

// An unexpected console.error fails the test (STYLE.md §6). A test that expects one calls
// allowConsoleErrors() from ./console.
beforeEach(() => {
  // Test files share a worker (isolate: false): a toast raised after the last test ended (a late
  // mutation's answer) must not show in this one.
  resetToasts();
  consoleErrors.reset();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.record(args);
  });
});

afterEach(() => {
  cleanup();
  resetToasts();
  // Test files share a worker: a page-answers block a test served, or answers it left untaken,
  // must not tell the next file's app who is signed in.
  document.getElementById(PAGE_DATA_ID)?.remove();
  resetPageAnswers();
  // Likewise a sign-in prompt left open (a modal: it would hide the next file's page from queries).
  signInPromptStore.close();
  messagesStore.reset();
  setRealtimeStatus('stopped');
  setRealtimeLive(false);
  window.localStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const unexpected = consoleErrors.unexpected();
  if (unexpected.length > 0) {
    const text = unexpected.map((args) => args.map(String).join(' ')).join('\n---\n');
    throw new Error(`Unexpected console.error during the test:\n${text}`);
  }
});

// The app loads its toaster after the first paint (DeferredToaster); tests expect toasts at once.
await preloadToaster();
