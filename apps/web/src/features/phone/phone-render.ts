import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile's imperative toasts and dialogs render through this on React 19 (no ReactDOM.render).
// Imported by the screens that open a dialog and by the toast, never by the first load.
unstableSetRender((node, container) => {
  const c = container as (Element | DocumentFragment) & { phoneRoot?: Root };
  c.phoneRoot ??= createRoot(c);
  c.phoneRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    c.phoneRoot?.unmount();
    c.phoneRoot = undefined;
  };
});
