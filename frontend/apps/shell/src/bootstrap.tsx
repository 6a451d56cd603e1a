import { StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { makeStore } from '@frontend/shared-api';
import { AppThemeProvider, ErrorBoundary } from '@frontend/shared-ui';
import { installPopGate } from '@frontend/shared-util';
import App from './app/app';

const store = makeStore();
// before the router listens: a screen holding unsaved input sees Back/Forward first (shared-util pop-gate)
installPopGate();

ReactDOM.createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <AppThemeProvider>
        <BrowserRouter>
          <ErrorBoundary>
            <App />
          </ErrorBoundary>
        </BrowserRouter>
      </AppThemeProvider>
    </Provider>
  </StrictMode>,
);
