import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client.ts';
import { ServerBusyNotice } from './api/server-busy-notice.tsx';
import { AppRoutes } from './app-routes.tsx';
import { AuthProvider } from './auth/auth-context.tsx';
import './index.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
        <ServerBusyNotice />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
