import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '@/lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// The API client (a 401) and the query cache (a thrown query) navigate through the router.
registerNavigator(
  (to, options) => router.navigate(to, options),
  () => router.state.location,
);
