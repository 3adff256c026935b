import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from '@/shared/router';
import { routes } from './routes';

export const createAppRouter = () => createBrowserRouter(routes);

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
