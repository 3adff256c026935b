// First: zod must be jitless before any contract schema is made (the CSP allows no eval).
import './app/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { forgetFreshLoadScroll } from './app/layout/scroll-positions';
import { configInPage } from './shared/agent-config/config-in-page';
import { getAgentConfigQueryOptions } from './shared/agent-config/get-agent-config';
import { createQueryClient } from './shared/api/query-client';
import { initIssuer } from './shared/issuer/resolve-issuer';
import './shared/styles/themes.css';
import './shared/styles/base.css';
import './app/layout/layout.css';
import './shared/styles/ui.css';

forgetFreshLoadScroll();
const issuer = initIssuer();
const queryClient = createQueryClient();
// Every page's frame uses the channel's configuration (the home page its banner): from the page
// when the server wrote it there, else asked now, in parallel with the page's own code, rather
// than once that code has arrived.
const inPage = configInPage(issuer);
if (inPage) queryClient.setQueryData(getAgentConfigQueryOptions(issuer).queryKey, inPage);
else void queryClient.prefetchQuery(getAgentConfigQueryOptions(issuer));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
