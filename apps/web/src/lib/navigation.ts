/**
 * Lets code outside React (the API client) navigate with the router:
 * the app registers the router's navigate at start.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigate: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function go(to: string, opts?: { replace?: boolean }): void {
  navigate(to, opts);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
