import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Radix measures a switch that sits inside a form (the story edit page).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Sonner puts its stylesheet (97 rules) in <head> when imported. jsdom's getComputedStyle, which role
// queries, accessible names, toBeVisible and user-event call for every element they look at, matches the
// element and each ancestor against every rule of every sheet (jsdom's own default sheet has 112): the
// toasts' sheet was about a fifth of the CPU time of a table screen's test. Only the declarations that
// decide what a test can see or click are kept, with their selectors (14 rules); colours, sizes,
// positions, custom properties and animations go.
trimStyleSheets(['display', 'visibility', 'opacity', 'pointer-events']);

// Lazily loaded screens can take more than the default second to appear on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Sonner keeps the toasts still up and shows them to the next Toaster mounted (the next test's app):
  // a test could otherwise find a toast an earlier test raised.
  toast.dismiss();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

function trimStyleSheets(kept: string[]) {
  for (const style of document.head.querySelectorAll('style')) {
    const rules: string[] = [];
    for (const rule of Array.from(style.sheet?.cssRules ?? [])) {
      if (!(rule instanceof CSSStyleRule)) continue;
      const declarations = kept
        .filter((name) => rule.style.getPropertyValue(name))
        .map((name) => `${name}:${rule.style.getPropertyValue(name)}`);
      if (declarations.length) rules.push(`${rule.selectorText}{${declarations.join(';')}}`);
    }
    style.textContent = rules.join('\n');
  }
}
