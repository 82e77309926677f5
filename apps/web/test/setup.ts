import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerMessages } from '../src/i18n';
import { DEFERRED_MESSAGES } from '../src/i18n/deferred-messages';
import { WORK_MESSAGES } from '../src/i18n/work-messages';

// jsdom lacks what Mantine measures with; these stand in, as Mantine's own test setup does.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

afterEach(() => cleanup());

// The app loads most screens' messages lazily; component tests render those screens directly.
registerMessages(WORK_MESSAGES);
registerMessages(DEFERRED_MESSAGES);
