import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { toast } from 'sonner';
import { createRequire } from 'node:module';
import { afterEach } from 'vitest';
import * as React from 'react';

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
const SEEN = ['display', 'visibility', 'opacity', 'pointer-events'];
trimStyleSheets(SEEN);
trimJsdomDefaultSheet(SEEN);

withoutOwnerStacks();
sharedLabelLookup();

// Lazily loaded screens can take more than the default second to appear on a busy machine.
configure({ asyncUtilTimeout: 5000, getElementError: withoutDomWhileRetrying(getConfig().getElementError) });

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

/**
 * jsdom matches every element against its own default sheet too (120 rules in jsdom 26, Blink's HTML
 * rendering rules: margins, fonts, colours of links...), again after every change to the document. Its
 * rules that set none of `kept` go (65 stay), as for the toasts' sheet above: jsdom parses that sheet on
 * the first computed style, with the parser it depends on (rrweb-cssom), which this setup reaches first.
 * The web projects with and without it, in turn: 75.5 and 69.4 s of CPU against 77.8 and 81.5 s
 * (docs/decisions/0024; jsdom 27's sheet, 111 rules: the six heaviest files 45.6 and 51.5 s against 58.9
 * and 59.7 s).
 */
function trimJsdomDefaultSheet(kept: string[]) {
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'));
  const cssom = fromJsdom('rrweb-cssom') as { parse: (text: string) => CSSStyleSheet; trimmed?: true };
  if (cssom.trimmed) return; // a worker's second file
  const defaultSheet = fromJsdom('./jsdom/browser/default-stylesheet.js') as string;
  const parse = cssom.parse;
  cssom.parse = (text) => {
    const sheet = parse(text);
    if (text !== defaultSheet) return sheet;
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
      const rule = sheet.cssRules[i] as CSSStyleRule;
      if (rule.style && !kept.some((name) => rule.style.getPropertyValue(name))) sheet.deleteRule(i);
    }
    return sheet;
  };
  cssom.trimmed = true;
}

/**
 * React's development build (the one `act` needs) records, for each element it creates, where it was
 * created: an `Error` for its stack and a `console.createTask` (Node has it), for the component stacks of
 * its warnings. It does so for the first 10,000 elements after each render starts, a count the element
 * calls read and raise on React's internals: held past 10,000, no element records one. The warnings keep
 * their text and name their component; only the lines of the stack where each element was created go.
 * `vitest run --project web`, in turn on a quiet machine: 96-120 s of CPU (median 114, seven runs) against
 * 114-137 s (median 122, four runs); the web suite's profile had 12.3 s of 121 s in creating elements.
 */
function withoutOwnerStacks() {
  const internals = (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Infinity,
    set: () => undefined,
  });
}

/**
 * A failed `getBy*` query's error prints the whole document (Testing Library's `prettyDOM`, which formats
 * all of it before cutting it to 7,000 characters). Inside a `findBy*` or `waitFor` that error is made
 * after every change to the page and every 50 ms and thrown away at the next try; on a time-out the wait
 * prints the document again itself (its `onTimeout` calls this outside the tries). So while a wait is
 * trying, the flag Testing Library sets for its own role-query messages (`_disableExpensiveErrorDiagnostics`)
 * leaves the document out: a failure still shows the page as it was when the wait gave up, once instead of
 * twice. Those discarded dumps were 4.2 s of the web suite's 87 s of CPU (0086).
 */
type ElementError = ((message: string | null, container: Element) => Error) & { withDom?: ElementError };

function withoutDomWhileRetrying(current: ElementError): ElementError {
  // A worker's second file finds this file's own wrapper in the shared configuration: wrap what it wraps.
  const withDom = current.withDom ?? current;
  const elementError: ElementError = (message, container) => {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
      return withDom(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  };
  elementError.withDom = withDom;
  return elementError;
}

/**
 * jsdom answers a form control's `labels` by walking the whole document for the `<label>`s whose control
 * it is, and a `<label for>`'s control by walking it again for the id, after any change to the document
 * and for every control: a label query (`getByLabelText`, `findLabelled`) asks every button and input of
 * the page, so over a page of 200 rows (600 buttons) each query walked it hundreds of times (4.8 s of the
 * web suite's 87 s of CPU, 0086). Here each label's control is read once per state of the document (jsdom's
 * own count of its changes, which its live lists use the same way), and a control's labels are the labels
 * whose control it is, in document order: what jsdom's walk finds (only a `<label>` has a control). A
 * control outside the document, and a hidden input (no labels: null), are answered by jsdom as before.
 * The list is an array: Testing Library, dom-accessibility-api and user-event read it with `Array.from` and
 * `length`.
 */
function sharedLabelLookup() {
  const labelables = [
    HTMLButtonElement,
    HTMLInputElement,
    HTMLMeterElement,
    HTMLOutputElement,
    HTMLProgressElement,
    HTMLSelectElement,
    HTMLTextAreaElement,
  ];
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'));
  const { implForWrapper } = fromJsdom('./jsdom/living/generated/utils.js') as {
    implForWrapper: (wrapper: Node) => { _version: number };
  };
  let known: { document: Document; version: number; labels: Map<Element, HTMLLabelElement[]> } | undefined;
  const labelsOf = (control: HTMLElement): HTMLLabelElement[] => {
    const document = control.ownerDocument;
    const version = implForWrapper(document)._version;
    if (known?.document !== document || known.version !== version) {
      const labels = new Map<Element, HTMLLabelElement[]>();
      for (const label of Array.from(document.getElementsByTagName('label'))) {
        const of = label.control;
        if (of) labels.set(of, [...(labels.get(of) ?? []), label]);
      }
      known = { document, version, labels };
    }
    return [...(known.labels.get(control) ?? [])];
  };
  const shared = Symbol.for('streamdesk.sharedLabelLookup');
  for (const type of labelables) {
    const proto = type.prototype as unknown as Record<symbol, boolean>;
    if (proto[shared]) continue; // a worker's second file: one window, patched once
    const own = Object.getOwnPropertyDescriptor(type.prototype, 'labels');
    const walked = own?.get;
    if (!own || !walked) continue;
    Object.defineProperty(type.prototype, 'labels', {
      ...own,
      get(this: HTMLElement) {
        if (
          this.getRootNode() !== this.ownerDocument ||
          (this instanceof HTMLInputElement && this.type === 'hidden')
        )
          return walked.call(this) as unknown;
        return labelsOf(this);
      },
    });
    proto[shared] = true;
  }
}
