import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ApiError } from './api/client.ts';
import './styles.css';

// The live stream keeps every cached query exact, so nothing is ever refetched just because time passed.
const client = new QueryClient({
  defaultOptions: {
    // A refused token is not retried: the page says why (shell/AuthBanner.tsx) and waits for a new one.
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: (n, e) => n < 1 && !(e instanceof ApiError && e.status === 401) },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
