import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initIssuer } from './shared/issuer/resolve-issuer';
import './shared/styles/themes.css';
import './shared/styles/base.css';
import './app/layout/layout.css';
import './shared/styles/ui.css';

initIssuer();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
