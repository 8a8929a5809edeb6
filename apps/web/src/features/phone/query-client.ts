import { QueryClient } from '@tanstack/react-query';

/** The phone portal's one query cache (phone-app.tsx), which a route may fill ahead (phone-routes.tsx). */
export const phoneQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
});
