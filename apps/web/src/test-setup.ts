// Every test sees the desktop portal's words, as the portal's entry loads them first.
import './lib/i18n.ts';

// jsdom lacks matchMedia, which antd's responsive components read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
